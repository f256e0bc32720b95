import type { CollectionRow } from '../../db/schema.js';
import { canEditCollection, canReadPublished, type Viewer } from '../content/content.policy.js';

// Who may change content in the studio. A caller who can read a collection but not edit it gets 403;
// one who cannot even see it gets 404, so drafts never reveal that they exist.

export type AuthoringAccess = 'edit' | 'read' | 'none';

/** The draft's editors: its author and platform admins. Collaborators join as one more rule here. */
export function canEditDraft(viewer: Viewer | null, collection: CollectionRow): boolean {
  return canEditCollection(viewer, collection);
}

export function authoringAccess(viewer: Viewer | null, collection: CollectionRow): AuthoringAccess {
  if (canEditDraft(viewer, collection)) return 'edit';
  return canReadPublished(viewer, collection) ? 'read' : 'none';
}

/** The review queue and its decisions belong to platform super admins. */
export function canReviewContent(viewer: Viewer | null): boolean {
  return viewer?.isAdmin === true;
}
