import { AllocateInstanceResponseSchema, InstanceStepStatusSchema } from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';
import { cloudLabKeys } from './cloudLabKeys';
import type { LabAddress } from './LabAddress';

const InstanceListSchema = z.record(z.string(), z.object({ instance_id: z.string() }));

/**
 * The learner's lab instance: allocated for the lab (the server reads its image, starter files and the
 * learner's variables; nothing of that passes through the browser), then the agent inside is asked whether
 * it answers. `replaceOther` first stops a lab running for other work (one lab per learner at a time).
 */
export function useCloudLabInstance(
  address: LabAddress,
  options: { enabled: boolean; replaceOther: boolean },
) {
  return useQuery({
    queryKey: [...cloudLabKeys.instance(address), options.replaceOther],
    enabled: options.enabled,
    queryFn: async ({ signal }) => {
      if (options.replaceOther) {
        const running = await apiRequest('GET', '/api/instances', InstanceListSchema, undefined, { signal });
        for (const id of Object.keys(running)) {
          await apiRequest('DELETE', `/api/instances/${encodeURIComponent(id)}`, z.unknown());
        }
      }
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
