import { SharedAssessmentResultSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { assessmentKeys } from './assessmentKeys';

/** A shared score as anyone with the link sees it (no session needed). */
export function useSharedResult(token: string) {
  return useQuery({
    queryKey: assessmentKeys.shared(token),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/shared/assessment-results/${encodeURIComponent(token)}`,
        SharedAssessmentResultSchema,
        undefined,
        { signal },
      ),
    retry: false,
  });
}
