import { ProjectProgressResponseSchema } from '@coderoom/contracts';
import type { ProjectAttemptMode } from '@coderoom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { projectKeys } from './projectKeys';

type Mode = (typeof ProjectAttemptMode)[keyof typeof ProjectAttemptMode];

/** POST /api/project/begin/{a}/{c}/{p} with guided (2001) or unguided (2002). */
export function useBeginProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      authorId,
      collectionId,
      projectId,
      mode,
    }: {
      authorId: number;
      collectionId: number;
      projectId: number;
      mode: Mode;
    }) =>
      apiRequest(
        'POST',
        `/api/project/begin/${authorId}/${collectionId}/${projectId}`,
        ProjectProgressResponseSchema,
        { mode },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
