import { AUTHOR_ETAG_HEADER, type AuthorPageResponse, type SavePageRequest } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { gzipJson } from '../utils/gzipJson';
import { authorPaths } from './authorPaths';

/**
 * Saves a page against the eTag it was based on, gzip-compressed where the browser can (spec 000 asks
 * for level 9; CompressionStream takes no level, so this is the browser's default gzip level).
 */
export function useSavePage(pageId: number) {
  return useMutation({
    mutationFn: async ({ etag, request }: { etag: string; request: SavePageRequest }) => {
      const compressed = await gzipJson(request);
      return apiRequest(
        'PUT',
        authorPaths.savePage(pageId),
        responseOf<AuthorPageResponse>(),
        compressed ?? request,
        {
          headers: {
            [AUTHOR_ETAG_HEADER]: etag,
            ...(compressed ? { 'content-encoding': 'gzip' } : {}),
          },
        },
      );
    },
  });
}
