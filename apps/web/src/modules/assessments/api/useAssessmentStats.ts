import { AssessmentStatsSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError';
import { apiRequest } from '../../api/apiClient';
import { assessmentKeys } from './assessmentKeys';
import { assessmentPath } from './assessmentPath';

/** The result of a completed attempt; stats that were never generated are generated on the way. */
export function useAssessmentStats(authorId: number, collectionId: number, attemptId: number) {
  return useQuery({
    queryKey: assessmentKeys.stats(attemptId),
    queryFn: async ({ signal }) => {
      const path = assessmentPath(authorId, collectionId, attemptId);
      try {
        return await apiRequest('GET', `${path}/get-stats`, AssessmentStatsSchema, undefined, { signal });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) throw error;
        return apiRequest('POST', `${path}/generate-stats`, AssessmentStatsSchema, {}, { signal });
      }
    },
    retry: false,
  });
}
