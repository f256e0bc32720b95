import type { CollectionRow } from '../../db/schema.js';
import { draftRightOf, type Viewer } from '../content/content.policy.js';

/**
 * Who joins a lesson's live document: its editors write; the people invited to read the draft (viewer
 * collaborators, reviewers) join read-only, so they watch the edits and cursors but their changes are
 * dropped by the server; everyone else is refused, as is everyone when the course is not collaborative.
 */
export type CollabAccess = 'write' | 'read' | 'none';

export function collabAccess(viewer: Viewer | null, collection: CollectionRow): CollabAccess {
  return draftRightOf(viewer, collection);
}
