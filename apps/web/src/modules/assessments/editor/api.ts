import {
  AssessmentPagesSchema,
  EditorEtagResponseSchema,
  type SaveQuestionRequest,
  SaveQuestionResponseSchema,
} from '@coderoom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';

// The assessment editor's calls (docs/assessments.md "Editing"). Every write names the eTag the editor
// last saw; the server answers 409 when someone else saved in between.

export interface AssessmentAddress {
  authorId: number;
  collectionId: number;
}

const collectionPath = ({ authorId, collectionId }: AssessmentAddress) =>
  `/api/author/${authorId}/collection/${collectionId}`;
const assessmentPath = (address: AssessmentAddress) =>
  `${collectionPath(address)}/assessment/${address.collectionId}`;
const ifMatch = (etag: string) => ({ headers: etagHeaders(etag) });

export const assessmentEditorKeys = {
  pages: (address: AssessmentAddress) =>
    ['assessment-editor', address.authorId, address.collectionId] as const,
};

export function assessmentPagesQuery(address: AssessmentAddress) {
  return queryOptions({
    queryKey: assessmentEditorKeys.pages(address),
    queryFn: () =>
      apiRequest('POST', `${collectionPath(address)}/get-assessment-pages`, AssessmentPagesSchema, {}),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAssessmentPages(address: AssessmentAddress) {
  return useQuery(assessmentPagesQuery(address));
}

/** After a write, the editor's copy is re-read: the new eTag and the question list come together. */
function useRefresh(address: AssessmentAddress) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assessmentEditorKeys.pages(address) });
}

export function useSaveQuestion(address: AssessmentAddress) {
  const refresh = useRefresh(address);
  return useMutation({
    mutationFn: ({
      questionId,
      etag,
      body,
    }: {
      questionId: number | 'new';
      /** The list's eTag as the editor last read it (the Conflicts dialog's Save re-reads it first). */
      etag: string;
      body: SaveQuestionRequest;
    }) =>
      apiRequest(
        'PUT',
        `${assessmentPath(address)}/question/${questionId}`,
        SaveQuestionResponseSchema,
        body,
        ifMatch(etag),
      ),
    onSettled: refresh,
  });
}

export function useDeleteQuestion(address: AssessmentAddress) {
  const refresh = useRefresh(address);
  return useMutation({
    mutationFn: ({ questionId, etag }: { questionId: number; etag: string }) =>
      apiRequest(
        'DELETE',
        `${assessmentPath(address)}/question/${questionId}`,
        EditorEtagResponseSchema,
        undefined,
        ifMatch(etag),
      ),
    onSettled: refresh,
  });
}

export function useReorderQuestions(address: AssessmentAddress) {
  const refresh = useRefresh(address);
  return useMutation({
    mutationFn: ({ questionIds, etag }: { questionIds: number[]; etag: string }) =>
      apiRequest(
        'PUT',
        assessmentPath(address),
        EditorEtagResponseSchema,
        { question_ids: questionIds },
        ifMatch(etag),
      ),
    onSettled: refresh,
  });
}
