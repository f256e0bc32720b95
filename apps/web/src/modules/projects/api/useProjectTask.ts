import { ProjectTaskResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { projectKeys } from './projectKeys';
import { projectPath } from './projectPath';

/** One task with the learner's saved code and the project's task list. */
export function useProjectTask(
  authorId: number,
  collectionId: number,
  projectId: number,
  componentId: number,
) {
  return useQuery({
    queryKey: projectKeys.task(projectId, componentId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        projectPath(authorId, collectionId, projectId, componentId),
        ProjectTaskResponseSchema,
        undefined,
        { signal },
      ),
    retry: false,
  });
}
