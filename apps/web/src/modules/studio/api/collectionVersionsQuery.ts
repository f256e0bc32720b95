import type { CollectionVersionsResponse } from '@coderoom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/**
 * Published versions, newest first; with a page, also its snapshots and the draft's eTag (fetched
 * afresh to retry a restore after a conflict).
 */
export function collectionVersionsQuery(authorId: number, collectionId: number, pageId: number | null) {
  return queryOptions({
    queryKey: studioKeys.versions(authorId, collectionId, pageId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        authorPaths.versions(authorId, collectionId, pageId ?? undefined),
        responseOf<CollectionVersionsResponse>(),
        undefined,
        { signal },
      ),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
