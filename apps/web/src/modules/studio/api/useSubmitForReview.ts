import type { SubmitForReviewResponse } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** Publishes the draft as a version for the reviewers and puts the collection in the review queue. */
export function useSubmitForReview(authorId: number, collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(
        'PUT',
        authorPaths.submitForReview(authorId, collectionId),
        responseOf<SubmitForReviewResponse>(),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: studioKeys.collection(authorId, collectionId) }),
  });
}
