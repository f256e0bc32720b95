import { AttemptReviewSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { assessmentKeys } from './assessmentKeys';
import { assessmentPath } from './assessmentPath';

/** A completed attempt question by question, with the right answers (the server refuses it earlier). */
export function useAttemptReview(authorId: number, collectionId: number, attemptId: number) {
  return useQuery({
    queryKey: assessmentKeys.review(attemptId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `${assessmentPath(authorId, collectionId, attemptId)}/review`,
        AttemptReviewSchema,
        undefined,
        { signal },
      ),
    retry: false,
  });
}
