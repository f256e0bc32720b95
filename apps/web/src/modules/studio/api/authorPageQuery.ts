import type { AuthorPageResponse } from '@coderoom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** The draft page with every widget field; also fetched afresh to learn the current eTag on a conflict. */
export function authorPageQuery(authorId: number, collectionId: number, pageId: number) {
  return queryOptions({
    queryKey: studioKeys.page(authorId, collectionId, pageId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        authorPaths.page(authorId, collectionId, pageId),
        responseOf<AuthorPageResponse>(),
        undefined,
        { signal },
      ),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
