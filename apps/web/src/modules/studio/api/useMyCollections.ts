import type { MyCollectionsResponse } from '@coderoom/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** GET /api/author/collections: what the signed-in user authors or works on, newest change first. */
export function useMyCollections(query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: studioKeys.myCollections(search),
    queryFn: ({ signal }) =>
      apiRequest('GET', authorPaths.myCollections(query), responseOf<MyCollectionsResponse>(), undefined, {
        signal,
      }),
    placeholderData: keepPreviousData,
    // The list changes whenever an editor saves: always ask again when /teach opens.
    staleTime: 0,
  });
}
