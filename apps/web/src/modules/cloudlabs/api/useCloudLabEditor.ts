import { CloudLabEditorResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { editorPath } from './editorPath';
import type { LabAddress } from './LabAddress';

/** The lab as its editors see it, check scripts included. */
export function useCloudLabEditor(address: LabAddress) {
  return useQuery({
    queryKey: ['cloudlabs', 'editor', address],
    queryFn: ({ signal }) =>
      apiRequest('GET', editorPath(address), CloudLabEditorResponseSchema, undefined, { signal }),
    retry: false,
  });
}
