import { TaskOutcomeSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../../api/apiClient';
import { projectKeys } from './projectKeys';
import { projectPath } from './projectPath';
import type { TaskAddress } from './TaskAddress';

export type TaskAction = 'check' | 'evaluate' | 'complete';

/**
 * Check (judge against the tests), Evaluate (run on the protected files) or Mark done; the server
 * decides whether the task is completed. Cancelling closes the request, which stops the sandbox.
 */
export function useTaskAction(address: TaskAddress) {
  const queryClient = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: ({
      action,
      currentAttempt,
      sourceCode,
    }: {
      action: TaskAction;
      currentAttempt: number;
      sourceCode?: string;
    }) => {
      controller.current?.abort();
      controller.current = new AbortController();
      const body =
        action === 'complete'
          ? { current_attempt: currentAttempt }
          : { current_attempt: currentAttempt, source_code: sourceCode ?? '' };
      return apiRequest(
        'POST',
        `${projectPath(address.authorId, address.collectionId, address.projectId, address.componentId)}/${action}`,
        TaskOutcomeSchema,
        body,
        { signal: controller.current.signal },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
  return { ...mutation, cancel: () => controller.current?.abort() };
}
