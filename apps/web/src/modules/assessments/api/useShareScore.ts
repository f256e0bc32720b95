import { AssessmentShareSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';
import { assessmentKeys } from './assessmentKeys';
import { assessmentPath } from './assessmentPath';

interface AttemptRef {
  authorId: number;
  collectionId: number;
  attemptId: number;
}

/** Publishes (`share`) or takes down (`unshare`) the public page of an attempt's score. */
export function useShareScore({ authorId, collectionId, attemptId }: AttemptRef) {
  const queryClient = useQueryClient();
  const url = `${assessmentPath(authorId, collectionId, attemptId)}/share`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: assessmentKeys.stats(attemptId) });
  const share = useMutation({
    mutationFn: () => apiRequest('POST', url, AssessmentShareSchema, {}),
    onSuccess: refresh,
  });
  const unshare = useMutation({
    mutationFn: () => apiRequest('DELETE', url, z.object({ is_shared: z.literal(false) })),
    onSuccess: refresh,
  });
  return { share, unshare };
}
