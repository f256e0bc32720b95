import { OkSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';

/** Saves (pins) or un-saves a course or path for the learner. */
export function usePinWork(authorId: number, workId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pinned: boolean) =>
      apiRequest('PUT', pinned ? '/api/pinwork' : '/api/unpinwork', OkSchema, {
        author_id: authorId,
        work_id: workId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readerKeys.all }),
  });
}
