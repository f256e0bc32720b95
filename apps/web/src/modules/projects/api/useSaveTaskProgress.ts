import { ProjectTaskProgressSchema } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { projectPath } from './projectPath';
import type { TaskAddress } from './TaskAddress';

/** POST …/progress: the autosave of a task's code (current_attempt, source_code). */
export function useSaveTaskProgress() {
  return useMutation({
    mutationFn: ({
      address,
      currentAttempt,
      sourceCode,
    }: {
      address: TaskAddress;
      currentAttempt: number;
      sourceCode: string;
    }) =>
      apiRequest(
        'POST',
        `${projectPath(address.authorId, address.collectionId, address.projectId, address.componentId)}/progress`,
        ProjectTaskProgressSchema,
        { current_attempt: currentAttempt, source_code: sourceCode },
      ),
  });
}
