import { AllocateInstanceResponseSchema, InstanceStepStatusSchema } from '@coderoom/contracts';
import { DockerVersion, WorkType } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { stopInstance } from '../../terminal/api/stopInstance';
import type { WidgetContext } from '../WidgetContext';

type LessonPage = NonNullable<WidgetContext['page']>;

/**
 * The live instance of a lesson's Terminal (or VNC) widget, started only once the learner presses Start
 * (`enabled`). It is a sandbox of the course (one per learner and course, so coming back rejoins it) from
 * the widget's profile; `stopFirst` names a sandbox to stop first, chosen from the server's refusal.
 */
export function useTerminalWidgetInstance(
  page: LessonPage,
  compId: string,
  imageName: string,
  enabled: boolean,
  stopFirst: string | null,
  compType: 'Terminal' | 'VNC' = 'Terminal',
) {
  return useQuery({
    queryKey: ['terminal-widget', page, compId, imageName, stopFirst, compType],
    enabled,
    queryFn: async ({ signal }) => {
      if (stopFirst) await stopInstance(stopFirst);
      const allocated = await apiRequest(
        'POST',
        `/api/instances/${page.author_id}/${page.collection_id}/allocate`,
        AllocateInstanceResponseSchema,
        {
          work_type: WorkType.Course,
          page_type: 'collection',
          draft: page.draft === true,
          container_info: JSON.stringify({ version: DockerVersion.Current, container: { imageName } }),
          page_id: page.page_id,
          comp_type: compType,
        },
      );
      const instanceId = allocated.instance_id;
      if (!instanceId)
        throw new Error(`The ${compType === 'VNC' ? 'desktop' : 'terminal'} could not be started.`);
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
