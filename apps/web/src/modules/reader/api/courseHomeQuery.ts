import type { CourseHome } from '@coderoom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';
import { responseOf } from './responseOf';

export type CourseAddress =
  | { kind: 'code'; encodedId: string }
  | { kind: 'id'; authorId: number; collectionId: number; draft: boolean };

export function courseHomePath(address: CourseAddress): string {
  return address.kind === 'code'
    ? `/api/reader/collection/code/${encodeURIComponent(address.encodedId)}`
    : `/api/reader/collection/${address.authorId}/${address.collectionId}${address.draft ? '?draft=true' : ''}`;
}

/**
 * A course homepage's data: shared by the course page and by a lesson opened logged out, which reads
 * the outline first to know whether the lesson is open to visitors.
 */
export function courseHomeQuery(address: CourseAddress) {
  const path = courseHomePath(address);
  return queryOptions({
    queryKey: readerKeys.home(path),
    queryFn: ({ signal }) =>
      apiRequest('GET', path, responseOf<CourseHome>(), undefined, {
        signal,
        suppressUnauthorizedRedirect: true,
      }),
    retry: false,
  });
}
