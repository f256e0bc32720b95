import { CloudLabCheckResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { cloudLabKeys } from './cloudLabKeys';
import type { LabAddress } from './LabAddress';
import { labPath } from './labPath';

/** "Check my work": the task's check runs inside the learner's running lab; passing completes the task. */
export function useCheckLabTask(address: LabAddress, taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', `${labPath(address)}/tasks/${taskId}/check`, CloudLabCheckResponseSchema, {}),
    onSuccess: (result) => {
      if (result.result === 'passed') void queryClient.invalidateQueries({ queryKey: cloudLabKeys.tasks });
    },
  });
}
