import type {
  AddCollaboratorRequest,
  Collaborator,
  CollaboratorAccess,
  CollaboratorListResponse,
  CollaboratorResponse,
  CollaboratorRoleName,
  RemoveCollaboratorResponse,
  UserByIdDetails,
  UserDetails,
  UserLookupQuery,
} from '@coderoom/contracts';
import type { CollectionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { forbidden, invalidInput, notFound } from '../../platform/http/errors.js';
import type { RateLimiter, RateRule } from '../../platform/http/rateLimit.js';
import type { Topic } from '../../platform/realtime/topic.js';
import { ContentErrors } from '../content/content.errors.js';
import {
  canEditCollection,
  canReadDraft,
  canReadPublished,
  type DraftRightsChange,
  type Viewer,
} from '../content/content.policy.js';
import type { ContentService } from '../content/content.service.js';
import { CollaboratorErrors, CollaboratorMessages } from './collaborators.errors.js';
import { canManageCollaborators } from './collaborators.policy.js';
import {
  presentCollaborator,
  presentUserByIdDetails,
  presentUserDetails,
} from './collaborators.presenter.js';
import * as repo from './collaborators.repository.js';

export interface CollaboratorsDeps {
  db: Db;
  clock: Clock;
  content: ContentService;
  rateLimiter: RateLimiter;
  /** Told after every change to the list, so open live sessions re-check their rights at once. */
  rightsChanged?: Topic<DraftRightsChange>;
}

/** Looking people up answers whether an address has an account, so it is metered per caller. */
export const USER_LOOKUP_RATE: RateRule = { limit: 30, windowSeconds: 60 };

const LIST_OF: Record<CollaboratorRoleName, 'collaborators' | 'co_authors' | 'reviewers'> = {
  collaborator: 'collaborators',
  co_author: 'co_authors',
  reviewer: 'reviewers',
};

/** A lookup query is a user id when it is all digits, an e-mail address otherwise. */
function parseUserQuery(query: string): { userId: number } | { email: string } {
  if (/^\d+$/.test(query)) {
    const userId = Number(query);
    return { userId: Number.isSafeInteger(userId) ? userId : 0 };
  }
  return { email: query };
}

function checkAccessFor(role: CollaboratorRoleName, access: CollaboratorAccess): void {
  if (role === 'reviewer' && access === 'editor') {
    throw invalidInput({ access: CollaboratorMessages.ReviewersOnlyView });
  }
}

export function createCollaboratorsService({
  db,
  clock,
  content,
  rateLimiter,
  rightsChanged,
}: CollaboratorsDeps) {
  /**
   * The collection a call names, if the caller passes `allowed`. Whoever can read the content but fails
   * the rule gets 403 with `refusal`; anyone else gets 404, so private drafts stay invisible.
   */
  async function collectionFor(
    userId: number,
    authorId: number,
    collectionId: number,
    allowed: (viewer: Viewer | null, collection: CollectionRow) => boolean,
    refusal: string,
  ): Promise<CollectionRow> {
    const { viewer, collection } = await content.findForAuthoring(userId, authorId, collectionId);
    if (allowed(viewer, collection)) return collection;
    if (canReadPublished(viewer, collection)) throw forbidden(refusal);
    throw notFound(ContentErrors.NotFound);
  }

  function managedCollection(userId: number, authorId: number, collectionId: number) {
    return collectionFor(
      userId,
      authorId,
      collectionId,
      canManageCollaborators,
      CollaboratorMessages.OwnersOnly,
    );
  }

  async function findUser(target: { userId: number } | { email: string }) {
    const user =
      'userId' in target
        ? await repo.findUserDetailsById(db, target.userId)
        : await repo.findUserDetailsByEmail(db, target.email);
    if (!user) throw CollaboratorErrors.userNotFound();
    return user;
  }

  return {
    /** Collaborators and reviewers share this lookup; co-authors use it with kind=co_author. */
    async lookupUser(userId: number, query: UserLookupQuery): Promise<UserDetails | UserByIdDetails> {
      await rateLimiter.consume(`user-lookup:${userId}`, USER_LOOKUP_RATE);
      await collectionFor(
        userId,
        query.author_id,
        query.collection_id,
        canEditCollection,
        CollaboratorMessages.EditorsOnly,
      );
      // By e-mail (written out whole) the caller already knows the address; by id they get a name only.
      const target = parseUserQuery(query.query);
      const user = await findUser(target);
      return 'userId' in target ? presentUserByIdDetails(user) : presentUserDetails(user);
    },

    async list(userId: number, authorId: number, collectionId: number): Promise<CollaboratorListResponse> {
      const { viewer, collection } = await content.findForAuthoring(userId, authorId, collectionId);
      if (!canReadDraft(viewer, collection)) {
        if (canReadPublished(viewer, collection)) throw forbidden(CollaboratorMessages.MembersOnly);
        throw notFound(ContentErrors.NotFound);
      }
      const owner = await repo.findUserDetailsById(db, collection.authorId);
      if (!owner) throw notFound(ContentErrors.NotFound);
      const lists: Record<'collaborators' | 'co_authors' | 'reviewers', Collaborator[]> = {
        collaborators: [],
        co_authors: [],
        reviewers: [],
      };
      for (const row of await repo.listCollaborators(db, collection.id)) {
        lists[LIST_OF[row.role]].push(presentCollaborator(row, row));
      }
      return {
        owner: presentUserDetails(owner),
        ...lists,
        can_manage: canManageCollaborators(viewer, collection),
      };
    },

    async add(
      userId: number,
      authorId: number,
      collectionId: number,
      input: AddCollaboratorRequest,
    ): Promise<CollaboratorResponse> {
      const collection = await managedCollection(userId, authorId, collectionId);
      const hasEmail = input.email !== undefined;
      if (hasEmail === (input.user_id !== undefined)) {
        throw invalidInput({ email: CollaboratorMessages.EmailOrUserId });
      }
      const access = input.access ?? 'viewer';
      checkAccessFor(input.role, access);
      const user = await findUser(
        input.user_id !== undefined ? { userId: input.user_id } : { email: input.email ?? '' },
      );
      if (user.userId === collection.authorId) {
        throw invalidInput({ [hasEmail ? 'email' : 'user_id']: CollaboratorMessages.OwnerCannotBeAdded });
      }
      // One role per person and collection: the primary key settles simultaneous adds too.
      const row = await repo.insertCollaborator(db, {
        collectionId: collection.id,
        userId: user.userId,
        role: input.role,
        access,
        addedBy: userId,
        addedAt: clock.now(),
      });
      if (!row) {
        const existing = await repo.findMembership(db, collection.id, user.userId);
        throw CollaboratorErrors.alreadyAdded(user.email, existing?.role ?? input.role, input.role);
      }
      rightsChanged?.publish({ collectionId: collection.id });
      return { collaborator: presentCollaborator(row, user) };
    },

    async updateAccess(
      userId: number,
      target: { authorId: number; collectionId: number; userId: number },
      access: CollaboratorAccess,
    ): Promise<CollaboratorResponse> {
      const collection = await managedCollection(userId, target.authorId, target.collectionId);
      const existing = await repo.findMembership(db, collection.id, target.userId);
      if (!existing) throw CollaboratorErrors.notOnContent();
      checkAccessFor(existing.role, access);
      const row = await repo.updateCollaboratorAccess(db, collection.id, target.userId, access);
      if (!row) throw CollaboratorErrors.notOnContent();
      rightsChanged?.publish({ collectionId: collection.id });
      return { collaborator: presentCollaborator(row, await findUser({ userId: target.userId })) };
    },

    /**
     * Removing someone takes effect on their next request (rights are read from the table each time) and
     * at once in their open live sessions, which re-check when told.
     */
    async remove(
      userId: number,
      target: { authorId: number; collectionId: number; userId: number },
    ): Promise<RemoveCollaboratorResponse> {
      const collection = await managedCollection(userId, target.authorId, target.collectionId);
      if (!(await repo.deleteCollaborator(db, collection.id, target.userId))) {
        throw CollaboratorErrors.notOnContent();
      }
      rightsChanged?.publish({ collectionId: collection.id });
      return { ok: true };
    },
  };
}

export type CollaboratorsService = ReturnType<typeof createCollaboratorsService>;
