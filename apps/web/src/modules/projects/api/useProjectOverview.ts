import { ProjectOverviewSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { projectKeys } from './projectKeys';

/** The project behind /projects/{slug}/{encodedId}; readable logged out. */
export function useProjectOverview(encodedId: string) {
  return useQuery({
    queryKey: projectKeys.overviewByCode(encodedId),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/projects/${encodeURIComponent(encodedId)}`, ProjectOverviewSchema, undefined, {
        signal,
        suppressUnauthorizedRedirect: true,
      }),
    retry: false,
  });
}
