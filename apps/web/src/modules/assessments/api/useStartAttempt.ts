import { StartAttemptResponseSchema } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { assessmentPath } from './assessmentPath';

/** Starts an attempt, or resumes the learner's unfinished one. */
export function useStartAttempt() {
  return useMutation({
    mutationFn: ({ authorId, collectionId }: { authorId: number; collectionId: number }) =>
      apiRequest('POST', `${assessmentPath(authorId, collectionId)}/start`, StartAttemptResponseSchema, {}),
  });
}
