import { OkSchema, type ReviewRatingRequest } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** The learner's rating of a review, with optional feedback (at most 1024 characters). */
export function useRateReview(reviewId: number) {
  return useMutation({
    mutationFn: (rating: ReviewRatingRequest) =>
      apiRequest('POST', `/api/code/review/${reviewId}/rating`, OkSchema, rating),
  });
}
