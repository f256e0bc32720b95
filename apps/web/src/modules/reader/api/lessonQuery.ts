import type { Lesson } from '@coderoom/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';
import { responseOf } from './responseOf';

/** One lesson's data; shared by the page's hook and the route loader that starts it early. */
export function lessonQuery(authorId: number, collectionId: number, pageId: number, draft: boolean) {
  return queryOptions({
    queryKey: readerKeys.lesson(authorId, collectionId, pageId, draft),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/reader/collection/${authorId}/${collectionId}/page/${pageId}${draft ? '?draft=true' : ''}`,
        responseOf<Lesson>(),
        undefined,
        { signal, suppressUnauthorizedRedirect: true },
      ),
    retry: false,
    // The route loader fetched it a moment ago; mounting the page must not ask again.
    staleTime: 30_000,
  });
}
