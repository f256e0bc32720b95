import { CloudLabEditorResponseSchema, type SaveCloudLabTaskRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { currentEtag } from './currentEtag';
import { editorPath } from './editorPath';
import type { LabAddress } from './LabAddress';

/** Saves a task (`taskId`) or, without one, adds a task after the last. */
export function useSaveLabTask(address: LabAddress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, input }: { taskId: number | null; input: SaveCloudLabTaskRequest }) => {
      const options = { headers: etagHeaders(currentEtag(queryClient, address)) };
      return taskId === null
        ? apiRequest('POST', `${editorPath(address)}/tasks`, CloudLabEditorResponseSchema, input, options)
        : apiRequest(
            'PUT',
            `${editorPath(address)}/tasks/${taskId}`,
            CloudLabEditorResponseSchema,
            input,
            options,
          );
    },
    onSuccess: (data) => queryClient.setQueryData(['cloudlabs', 'editor', address], data),
  });
}
