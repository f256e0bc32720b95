import type { AuthorCollectionResponse, CollectionCard } from '@coderoom/contracts';
import { type CollectionDraft, toCollectionDraft } from './toCollectionDraft';

/** What the path editor edits: the collection editor's details plus the path's courses, in order. */
export type PathDraft = Omit<CollectionDraft, 'loose' | 'categories'> & { courses: CollectionCard[] };

export function toPathDraft(loaded: AuthorCollectionResponse): PathDraft {
  // A path has no lessons of its own, so nothing to co-edit live.
  const {
    loose: _loose,
    categories: _categories,
    is_collaborative: _isCollaborative,
    ...details
  } = toCollectionDraft(loaded);
  return { ...details, courses: loaded.collection.path_courses };
}
