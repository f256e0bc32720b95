import { ProjectProgressResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { projectKeys } from './projectKeys';
import { projectPath } from './projectPath';

/** Clears the learner's code and completions; the next attempt is begun afresh. */
export function useResetProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      authorId,
      collectionId,
      projectId,
    }: {
      authorId: number;
      collectionId: number;
      projectId: number;
    }) =>
      apiRequest(
        'POST',
        `${projectPath(authorId, collectionId, projectId)}/reset`,
        ProjectProgressResponseSchema,
        {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
