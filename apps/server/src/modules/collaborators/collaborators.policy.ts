import type { CollectionRow } from '../../db/schema.js';
import type { Viewer } from '../content/content.policy.js';

// Who decides who works on a collection. Collaborators and co-authors may edit the content itself
// (content.policy.ts draftRightOf) but never the list of people: that stays with its owner.

/** The owner (the collection's author) and platform admins add, change and remove people. */
export function canManageCollaborators(viewer: Viewer | null, collection: CollectionRow): boolean {
  return viewer !== null && (viewer.isAdmin || viewer.userId === collection.authorId);
}
