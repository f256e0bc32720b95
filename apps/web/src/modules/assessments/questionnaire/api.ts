import type {
  Questionnaire,
  QuestionnaireAnswer,
  QuestionnaireResponses,
  SubmitQuestionnaireResponse,
} from '@coderoom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';

// Questionnaires (docs/assessments.md "Questionnaires"): the learner's page and the author's responses.

export const questionnaireKeys = {
  byCode: (encodedId: string) => ['questionnaire', encodedId] as const,
  responses: (authorId: number, collectionId: number) =>
    ['questionnaire-responses', authorId, collectionId] as const,
};

export function useQuestionnaire(encodedId: string) {
  return useQuery({
    queryKey: questionnaireKeys.byCode(encodedId),
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/questionnaires/${encodeURIComponent(encodedId)}`,
        responseOf<Questionnaire>(),
        undefined,
        {
          suppressUnauthorizedRedirect: true,
        },
      ),
    retry: false,
  });
}

export function useSubmitQuestionnaire(encodedId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      authorId,
      collectionId,
      answers,
    }: {
      authorId: number;
      collectionId: number;
      answers: QuestionnaireAnswer[];
    }) =>
      apiRequest(
        'POST',
        `/api/questionnaire/${authorId}/${collectionId}/responses`,
        responseOf<SubmitQuestionnaireResponse>(),
        { answers },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireKeys.byCode(encodedId) }),
  });
}

export function useQuestionnaireResponses(authorId: number, collectionId: number) {
  return useQuery({
    queryKey: questionnaireKeys.responses(authorId, collectionId),
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/author/${authorId}/collection/${collectionId}/questionnaire-responses`,
        responseOf<QuestionnaireResponses>(),
      ),
    retry: false,
  });
}
