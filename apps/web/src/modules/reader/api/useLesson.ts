import type { Lesson } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';
import { responseOf } from './responseOf';

export function useLesson(authorId: number, collectionId: number, pageId: number, draft: boolean) {
  return useQuery({
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
  });
}
