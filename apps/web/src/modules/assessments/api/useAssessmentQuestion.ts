import { QuestionResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { assessmentKeys } from './assessmentKeys';
import { assessmentPath } from './assessmentPath';

export function useAssessmentQuestion(
  authorId: number,
  collectionId: number,
  attemptId: number,
  questionId: number,
) {
  return useQuery({
    queryKey: assessmentKeys.question(attemptId, questionId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `${assessmentPath(authorId, collectionId, attemptId)}/${questionId}`,
        QuestionResponseSchema,
        undefined,
        { signal },
      ),
    retry: false,
  });
}
