import {
  AllocateInstanceResponseSchema,
  InstanceStepStatusSchema,
  type ProjectTypeName,
} from '@coderoom/contracts';
import { WorkType } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { stopInstance } from '../../terminal/api/stopInstance';
import type { TaskAddress } from './TaskAddress';

/**
 * The learner's instance for a terminal or workspace task: allocated for the project (the server reads the
 * image and starter files from the task, not from us), then the agent inside is asked whether it answers.
 * Tasks of one project share the instance. `stopFirst` names a sandbox to stop before (the learner chose
 * it when the server refused to start one more).
 */
export function useLiveInstance(address: TaskAddress, type: ProjectTypeName, stopFirst: string | null) {
  return useQuery({
    queryKey: ['live-instance', address, stopFirst],
    queryFn: async ({ signal }) => {
      if (stopFirst) await stopInstance(stopFirst);
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
