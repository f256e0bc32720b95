import { type CodeReviewRequest, CodeReviewResponseSchema } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** Reviews the learner's code in the sandbox (POST /api/code/review/feedback). */
export function useCodeReview() {
  return useMutation({
    mutationFn: (request: CodeReviewRequest) =>
      apiRequest('POST', '/api/code/review/feedback', CodeReviewResponseSchema, request),
  });
}
