import { CourseReviewState, ItemStatus } from '@coderoom/domain';
import type { CollectionRow } from '../../db/schema.js';

// Who may see and change content. Organizations and collaborators join these rules when they exist;
// until then a collection's author and platform admins are its only editors (docs/content-model.md).

export interface Viewer {
  userId: number;
  isAdmin: boolean;
}

const LISTED_REVIEW_STATES: readonly number[] = [
  CourseReviewState.Approved,
  CourseReviewState.ApprovedForEarlyAccess,
];

export function canEditCollection(viewer: Viewer | null, collection: CollectionRow): boolean {
  if (!viewer) return false;
  return viewer.isAdmin || viewer.userId === collection.authorId;
}

/** The published version is readable when the collection is enabled, public and approved. */
export function canReadPublished(viewer: Viewer | null, collection: CollectionRow): boolean {
  if (collection.status === ItemStatus.Deleted) return false;
  if (canEditCollection(viewer, collection)) return true;
  return (
    collection.status === ItemStatus.Enabled &&
    !collection.isPrivate &&
    LISTED_REVIEW_STATES.includes(collection.reviewState)
  );
}

/** Drafts are for the people who write them. */
export function canReadDraft(viewer: Viewer | null, collection: CollectionRow): boolean {
  return collection.status !== ItemStatus.Deleted && canEditCollection(viewer, collection);
}

/**
 * Logged-out visitors read preview lessons only; the rest asks them to log in. (Paid content joins the
 * subscription check when billing exists.)
 */
export function canReadLesson(viewer: Viewer | null, isPreview: boolean): boolean {
  return viewer !== null || isPreview;
}

export const LISTED_STATES = LISTED_REVIEW_STATES;
