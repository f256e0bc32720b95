import type { CompletionResponse } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';
import { responseOf } from './responseOf';

/** Marks a lesson complete (or not) and refreshes every view that shows progress. */
export function useSetCompletion(authorId: number, collectionId: number, pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (completed: boolean) =>
      apiRequest(
        'PUT',
        `/api/reader/collection/${authorId}/${collectionId}/page/${pageId}/completion`,
        responseOf<CompletionResponse>(),
        { completed },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readerKeys.all }),
  });
}
