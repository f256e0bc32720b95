import type { ReviewRequest, ReviewResponse } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** A reviewer's decision on a submitted collection: approve, approve for early access, or reject. */
export function useReviewCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, request }: { collectionId: number; request: ReviewRequest }) =>
      apiRequest('POST', authorPaths.review(collectionId), responseOf<ReviewResponse>(), request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.reviewQueue }),
  });
}
