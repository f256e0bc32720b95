import type { AuthorCollectionResponse } from '@coderoom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** A collection as its editors see it: details, the draft TOC and its eTag. */
export function authorCollectionQuery(authorId: number, collectionId: number) {
  return queryOptions({
    queryKey: studioKeys.collection(authorId, collectionId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        authorPaths.collection(authorId, collectionId),
        responseOf<AuthorCollectionResponse>(),
        undefined,
        { signal },
      ),
    retry: false,
    // An editor holds its own copy while editing; refetching behind it would move the eTag silently.
    refetchOnWindowFocus: false,
  });
}
