import type { UpdateCollectionRequest } from '@coderoom/contracts';
import { toCollectionRequest } from './toCollectionRequest';
import type { PathDraft } from './toPathDraft';

/** The PUT body for the path editor: the details as the collection editor sends them, and the courses. */
export function toPathRequest({ courses, ...details }: PathDraft): UpdateCollectionRequest {
  // A path has no lessons, so the TOC is left alone.
  const { toc: _toc, ...request } = toCollectionRequest({ ...details, loose: [], categories: [] });
  return { ...request, path_courses: courses.map((course) => course.collection_id) };
}
