import type { PublishResponse } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** Publishes the draft as the new live version (for courses already approved). */
export function usePublishCollection(authorId: number, collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(
        'POST',
        `${authorPaths.collection(authorId, collectionId)}/publish`,
        responseOf<PublishResponse>(),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: studioKeys.collection(authorId, collectionId) }),
  });
}
