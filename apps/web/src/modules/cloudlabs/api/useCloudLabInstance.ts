import { AllocateInstanceResponseSchema, InstanceStepStatusSchema } from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { stopInstance } from '../../terminal/api/stopInstance';
import { cloudLabKeys } from './cloudLabKeys';
import type { LabAddress } from './LabAddress';

/**
 * The learner's lab instance: allocated for the lab (the server reads its image, starter files and the
 * learner's variables; nothing of that passes through the browser), then the agent inside is asked whether
 * it answers. `stopFirst` names a sandbox to stop before (one lab at a time, and a per-learner limit: the
 * learner picks it from the server's refusal).
 */
export function useCloudLabInstance(
  address: LabAddress,
  options: { enabled: boolean; stopFirst: string | null },
) {
  return useQuery({
    queryKey: [...cloudLabKeys.instance(address), options.stopFirst],
    enabled: options.enabled,
    queryFn: async ({ signal }) => {
      if (options.stopFirst) await stopInstance(options.stopFirst);
      const allocated = await apiRequest(
        'POST',
        `/api/instances/${address.authorId}/${address.collectionId}/allocate`,
        AllocateInstanceResponseSchema,
        { work_type: WorkType.StandaloneCloudLab, page_id: address.labId },
      );
      const instanceId = allocated.instance_id;
      if (!instanceId) throw new Error('The lab could not be started.');
      const daemon = await apiRequest(
        'GET',
        `/api/instances/${encodeURIComponent(instanceId)}/int-daemon/status?request_id=${allocated.request_id ?? ''}`,
        InstanceStepStatusSchema,
        undefined,
        { signal },
      );
      return { instanceId, status: daemon.status };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
