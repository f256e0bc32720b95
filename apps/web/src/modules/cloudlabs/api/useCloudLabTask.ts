import { CloudLabTaskResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { cloudLabKeys } from './cloudLabKeys';
import type { LabAddress } from './LabAddress';
import { labPath } from './labPath';

/** One task of a lab with the lab's overview and the learner's progress. */
export function useCloudLabTask(address: LabAddress, taskId: number) {
  return useQuery({
    queryKey: cloudLabKeys.task(address, taskId),
    queryFn: ({ signal }) =>
      apiRequest('GET', `${labPath(address)}/${taskId}`, CloudLabTaskResponseSchema, undefined, { signal }),
    retry: false,
  });
}
