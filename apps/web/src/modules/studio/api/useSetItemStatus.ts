import type { SetItemStatusRequest, SetItemStatusResponse } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** Takes a collection offline (103 by its author, 104 by an admin) or brings it back online (101). */
export function useSetItemStatus(authorId: number, collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: SetItemStatusRequest['status']) =>
      apiRequest('PUT', authorPaths.itemStatus(authorId, collectionId), responseOf<SetItemStatusResponse>(), {
        status,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: studioKeys.collection(authorId, collectionId) }),
  });
}
