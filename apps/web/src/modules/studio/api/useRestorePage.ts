import type { AuthorPageResponse, RestorePageRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/**
 * Restores a snapshot or a published version of a page, against the draft's current eTag: a restore
 * over someone else's newer save is a 409 instead of an overwrite.
 */
export function useRestorePage(authorId: number, collectionId: number, pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ etag, request }: { etag: string; request: RestorePageRequest }) =>
      apiRequest(
        'POST',
        authorPaths.restorePage(authorId, collectionId, pageId),
        responseOf<AuthorPageResponse>(),
        request,
        { headers: etagHeaders(etag) },
      ),
    onSuccess: async (result) => {
      // The page editor reads its cached copy; it must open on the restored draft and its new eTag.
      queryClient.setQueryData(studioKeys.page(authorId, collectionId, pageId), result);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.versions(authorId, collectionId, pageId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.diffs(authorId, collectionId, pageId) }),
      ]);
    },
  });
}
