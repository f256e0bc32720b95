import type { AuthorCollectionResponse, UpdateCollectionRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** The path editor's save, POST /api/author/path/{id} (spec 000 §7), against the eTag it was based on. */
export function useSavePath(authorId: number, pathId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ etag, request }: { etag: string; request: UpdateCollectionRequest }) =>
      apiRequest('POST', authorPaths.savePath(pathId), responseOf<AuthorCollectionResponse>(), request, {
        headers: etagHeaders(etag),
      }),
    onSuccess: (result) => queryClient.setQueryData(studioKeys.collection(authorId, pathId), result),
  });
}
