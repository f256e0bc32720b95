import { AssessmentOverviewSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { assessmentKeys } from './assessmentKeys';

export function useAssessmentOverview(encodedId: string) {
  return useQuery({
    queryKey: assessmentKeys.overview(encodedId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/skill-assessments/${encodeURIComponent(encodedId)}`,
        AssessmentOverviewSchema,
        undefined,
        { signal, suppressUnauthorizedRedirect: true },
      ),
    retry: false,
  });
}
