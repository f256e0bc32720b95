import type { AuthorCollectionResponse, UpdateCollectionRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** Saves details and/or the TOC against the eTag they were based on; a stale one is a 409. */
export function useUpdateCollection(authorId: number, collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ etag, request }: { etag: string; request: UpdateCollectionRequest }) =>
      apiRequest(
        'PUT',
        authorPaths.collection(authorId, collectionId),
        responseOf<AuthorCollectionResponse>(),
        request,
        { headers: etagHeaders(etag) },
      ),
    onSuccess: (result) => queryClient.setQueryData(studioKeys.collection(authorId, collectionId), result),
  });
}
