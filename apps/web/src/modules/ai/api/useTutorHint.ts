import { type TutorHintRequest, TutorHintResponseSchema } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** The next rung of the exercise's hint ladder for the learner's current code (POST /api/ai/tutor/hint). */
export function useTutorHint() {
  return useMutation({
    mutationFn: (request: TutorHintRequest) =>
      apiRequest('POST', '/api/ai/tutor/hint', TutorHintResponseSchema, request),
  });
}
