import { type AnswerRequest, AnswerResponseSchema, AssessmentStatsSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { assessmentKeys } from './assessmentKeys';
import { assessmentPath } from './assessmentPath';

interface AnswerInput {
  authorId: number;
  collectionId: number;
  attemptId: number;
  questionId: number;
  answer: AnswerRequest;
}

/** Sends an answer; after the last one the attempt's stats are generated, so the result page can show them. */
export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ authorId, collectionId, attemptId, questionId, answer }: AnswerInput) => {
      const path = assessmentPath(authorId, collectionId, attemptId);
      const result = await apiRequest('POST', `${path}/${questionId}/answer`, AnswerResponseSchema, answer);
      if (result.attempt.current_question_id === null) {
        const stats = await apiRequest('POST', `${path}/generate-stats`, AssessmentStatsSchema, {});
        queryClient.setQueryData(assessmentKeys.stats(attemptId), stats);
      }
      return result;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['assessments', 'overview'] }),
  });
}
