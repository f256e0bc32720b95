import type { CollaboratorAccess, CollaboratorRoleName } from '@coderoom/contracts';
import { CourseReviewState, ItemStatus, isOfflineStatus, type OfflineItemStatus } from '@coderoom/domain';
import type { CollectionRow } from '../../db/schema.js';

// Who may see and change content. A collection's author and platform admins are its editors; the people
// its owner adds (collaborators module) join through draftRightOf, the one rule that reads memberships.
// Organizations join here when they exist (docs/content-model.md).

/** The caller's role in a collection other than its author (collection_collaborators). */
export interface CollectionMembership {
  collectionId: number;
  role: CollaboratorRoleName;
  access: CollaboratorAccess;
}

export interface Viewer {
  userId: number;
  isAdmin: boolean;
  /** Loaded for the collection a request names; a viewer without them is nobody's collaborator. */
  memberships?: readonly CollectionMembership[];
}

/** What a caller may do with a collection's draft: write it, only read it, or nothing at all. */
export type DraftRight = 'write' | 'read' | 'none';

const LISTED_REVIEW_STATES: readonly number[] = [
  CourseReviewState.Approved,
  CourseReviewState.ApprovedForEarlyAccess,
];

/**
 * Published (platform/realtime topic) after a change to what `draftRightOf` reads for a collection: its
 * collaborator list, someone's access, or whether it is co-edited live. Open live sessions re-check.
 */
export interface DraftRightsChange {
  collectionId: number;
}

/**
 * Authors and admins write; collaborators and co-authors with 'editor' access write too; everyone else
 * the owner added (viewers, reviewers) reads the draft and never writes.
 */
export function draftRightOf(viewer: Viewer | null, collection: CollectionRow): DraftRight {
  if (!viewer) return 'none';
  if (viewer.isAdmin || viewer.userId === collection.authorId) return 'write';
  const membership = viewer.memberships?.find((entry) => entry.collectionId === collection.id);
  return membership ? membershipRight(membership) : 'none';
}

/** What a role in a collection grants by itself (also shown as each collaborator's can_edit). */
export function membershipRight(membership: Pick<CollectionMembership, 'role' | 'access'>): DraftRight {
  return membership.role !== 'reviewer' && membership.access === 'editor' ? 'write' : 'read';
}

export function canEditCollection(viewer: Viewer | null, collection: CollectionRow): boolean {
  return draftRightOf(viewer, collection) === 'write';
}

/** The published version is readable when the collection is enabled, public and approved. */
export function canReadPublished(viewer: Viewer | null, collection: CollectionRow): boolean {
  if (collection.status === ItemStatus.Deleted) return false;
  if (draftRightOf(viewer, collection) !== 'none') return true;
  return (
    collection.status === ItemStatus.Enabled &&
    !collection.isPrivate &&
    LISTED_REVIEW_STATES.includes(collection.reviewState)
  );
}

/**
 * Why a reader may not open a collection that would otherwise be listed: it was taken offline (103 by its
 * author, 104 by an admin). Readers are told so; a private or unapproved collection stays a plain 404, so
 * going offline never reveals content that was not public.
 */
export function offlineStatusForReaders(collection: CollectionRow): OfflineItemStatus | null {
  if (!isOfflineStatus(collection.status)) return null;
  return !collection.isPrivate && LISTED_REVIEW_STATES.includes(collection.reviewState)
    ? collection.status
    : null;
}

/**
 * The item statuses a caller may set on a collection. Its author takes it offline (103) and brings it back
 * (101), but never overrides an admin: a collection an admin took offline (104) stays so until an admin
 * decides. Platform admins set any of the three. Collaborators, however they edit, do not.
 */
export function itemStatusChoices(viewer: Viewer | null, collection: CollectionRow): ItemStatus[] {
  if (!viewer || collection.status === ItemStatus.Deleted) return [];
  if (viewer.isAdmin) return [ItemStatus.Enabled, ItemStatus.OfflineByAuthor, ItemStatus.OfflineByAdmin];
  if (viewer.userId !== collection.authorId || collection.status === ItemStatus.OfflineByAdmin) return [];
  return [ItemStatus.Enabled, ItemStatus.OfflineByAuthor];
}

/** Drafts are for the people who write them and the ones their owner invited to read them. */
export function canReadDraft(viewer: Viewer | null, collection: CollectionRow): boolean {
  return collection.status !== ItemStatus.Deleted && draftRightOf(viewer, collection) !== 'none';
}

/**
 * Logged-out visitors read preview lessons only; the rest asks them to log in. (Paid content joins the
 * subscription check when billing exists.)
 */
export function canReadLesson(viewer: Viewer | null, isPreview: boolean): boolean {
  return viewer !== null || isPreview;
}

export const LISTED_STATES = LISTED_REVIEW_STATES;
