import type { CourseHome } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';
import { responseOf } from './responseOf';

export type CourseAddress =
  | { kind: 'code'; encodedId: string }
  | { kind: 'id'; authorId: number; collectionId: number; draft: boolean };

function pathOf(address: CourseAddress): string {
  return address.kind === 'code'
    ? `/api/reader/collection/code/${encodeURIComponent(address.encodedId)}`
    : `/api/reader/collection/${address.authorId}/${address.collectionId}${address.draft ? '?draft=true' : ''}`;
}

export function useCourseHome(address: CourseAddress) {
  const path = pathOf(address);
  return useQuery({
    queryKey: readerKeys.home(path),
    queryFn: ({ signal }) =>
      apiRequest('GET', path, responseOf<CourseHome>(), undefined, {
        signal,
        suppressUnauthorizedRedirect: true,
      }),
    retry: false,
  });
}
