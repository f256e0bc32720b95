import {
  AllocateInstanceResponseSchema,
  InstanceStepStatusSchema,
  type ProjectTypeName,
} from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';
import type { TaskAddress } from './TaskAddress';

const InstanceListSchema = z.record(z.string(), z.object({ instance_id: z.string() }));

/**
 * The learner's instance for a terminal or workspace task: allocated for the project (the server reads the
 * image and starter files from the task, not from us), then the agent inside is asked whether it answers.
 * Tasks of one project share the instance. `replaceOther` first stops a lab running for other work.
 */
export function useLiveInstance(address: TaskAddress, type: ProjectTypeName, replaceOther: boolean) {
  return useQuery({
    queryKey: ['live-instance', address, replaceOther],
    queryFn: async ({ signal }) => {
      if (replaceOther) {
        const running = await apiRequest('GET', '/api/instances', InstanceListSchema, undefined, { signal });
        for (const id of Object.keys(running)) {
          await apiRequest('DELETE', `/api/instances/${encodeURIComponent(id)}`, z.unknown());
        }
      }
      const allocated = await apiRequest(
        'POST',
        `/api/instances/${address.authorId}/${address.collectionId}/allocate`,
        AllocateInstanceResponseSchema,
        {
          work_type: WorkType.StandaloneProject,
          page_id: address.projectId,
          sub_document_id: address.componentId,
          comp_type: type,
        },
      );
      const instanceId = allocated.instance_id;
      if (!instanceId) throw new Error('The sandbox could not be started.');
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
