import type { CollaboratorRoleName } from '@coderoom/contracts';
import { alreadyAddedMessage, ContentMessages, ErrorStatus } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

// Failures of the collaborators module. The spec gives the lookup failure and the duplicate text
// (spec 000 §5, §7); the rest are ours, plain and specific.

const ROLE_LABELS: Record<CollaboratorRoleName, { one: string; many: string }> = {
  collaborator: { one: 'collaborator', many: 'collaborators' },
  co_author: { one: 'co-author', many: 'co-authors' },
  reviewer: { one: 'reviewer', many: 'reviewers' },
};

export const CollaboratorMessages = {
  UserNotFound: ContentMessages.FailedToRetrieveUserDetails,
  OwnersOnly: 'Only the owner of this content can manage its collaborators.',
  EditorsOnly: 'Only the editors of this content can look people up.',
  MembersOnly: 'Only the people working on this content can see who else is.',
  EmailOrUserId: 'Send either an e-mail address or a user id.',
  OwnerCannotBeAdded: 'The owner of this content already has every right to it.',
  ReviewersOnlyView: 'Reviewers can only view the content; give them viewer access.',
  NotOnContent: 'This person is not a collaborator, co-author or reviewer of this content.',
  /** Already in the list being added to. */
  AlreadyInList: (email: string, role: CollaboratorRoleName) =>
    `${email} is already in the list of ${ROLE_LABELS[role].many}.`,
  /** Already holds another role: the spec's text, naming the role they already have. */
  AlreadyAddedAs: (email: string, existing: CollaboratorRoleName, adding: CollaboratorRoleName) =>
    (existing === 'collaborator' && adding === 'reviewer') ||
    (existing === 'reviewer' && adding === 'collaborator')
      ? alreadyAddedMessage(email, adding)
      : `${email} is already added as a ${ROLE_LABELS[existing].one}.`,
} as const;

export const CollaboratorErrors = {
  userNotFound: () => new AppError(ErrorStatus.NotFound, CollaboratorMessages.UserNotFound),
  notOnContent: () => new AppError(ErrorStatus.NotFound, CollaboratorMessages.NotOnContent),
  alreadyAdded: (email: string, existing: CollaboratorRoleName, adding: CollaboratorRoleName) =>
    new AppError(
      ErrorStatus.AlreadyExists,
      existing === adding
        ? CollaboratorMessages.AlreadyInList(email, adding)
        : CollaboratorMessages.AlreadyAddedAs(email, existing, adding),
    ),
} as const;
