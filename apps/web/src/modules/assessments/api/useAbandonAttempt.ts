import { StartAttemptResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { assessmentKeys } from './assessmentKeys';
import { assessmentPath } from './assessmentPath';

export function useAbandonAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      authorId,
      collectionId,
      attemptId,
    }: {
      authorId: number;
      collectionId: number;
      attemptId: number;
    }) =>
      apiRequest(
        'POST',
        `${assessmentPath(authorId, collectionId, attemptId)}/abandon`,
        StartAttemptResponseSchema,
        {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}
