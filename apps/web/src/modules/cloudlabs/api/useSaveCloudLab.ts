import { CloudLabEditorResponseSchema, type SaveCloudLabRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { currentEtag } from './currentEtag';
import { editorPath } from './editorPath';
import type { LabAddress } from './LabAddress';

/** PUT the lab's fields: title, summary, overview, environment type, image and starter files. */
export function useSaveCloudLab(address: LabAddress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveCloudLabRequest) =>
      apiRequest('PUT', editorPath(address), CloudLabEditorResponseSchema, input, {
        headers: etagHeaders(currentEtag(queryClient, address)),
      }),
    onSuccess: (data) => queryClient.setQueryData(['cloudlabs', 'editor', address], data),
  });
}
