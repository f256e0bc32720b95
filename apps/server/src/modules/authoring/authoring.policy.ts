import type { CollectionRow } from '../../db/schema.js';
import { canEditCollection, canReadDraft, canReadPublished, type Viewer } from '../content/content.policy.js';

// Who may change content in the studio. A caller who can read a collection but not edit it gets 403;
// one who cannot even see it gets 404, so drafts never reveal that they exist.

/**
 * 'edit' writes the draft; 'read' sees the content but never writes it (learners of published content,
 * and the people invited to read the draft: canViewDraft tells those apart); 'none' cannot see it.
 * Anything but 'edit' is refused a write, so callers that only check for 'read' and 'none' stay safe.
 */
export type AuthoringAccess = 'edit' | 'read' | 'none';

/** The draft's editors: its author, platform admins, and collaborators or co-authors with 'editor' access. */
export function canEditDraft(viewer: Viewer | null, collection: CollectionRow): boolean {
  return canEditCollection(viewer, collection);
}

/** The studio's reads: editors, plus viewer collaborators and reviewers (spec 000 §2 review mode). */
export function canViewDraft(viewer: Viewer | null, collection: CollectionRow): boolean {
  return canReadDraft(viewer, collection);
}

export function authoringAccess(viewer: Viewer | null, collection: CollectionRow): AuthoringAccess {
  if (canEditDraft(viewer, collection)) return 'edit';
  return canReadPublished(viewer, collection) ? 'read' : 'none';
}

/** The review queue and its decisions belong to platform super admins. */
export function canReviewContent(viewer: Viewer | null): boolean {
  return viewer?.isAdmin === true;
}
