import type { AuthorPageResponse, SavePageRequest } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { responseOf } from '../../reader/api/responseOf';
import { gzipJson } from '../utils/gzipJson';
import { authorPaths } from './authorPaths';

/** Saves a page against the eTag it was based on, gzip-compressed at level 9 (spec 000 §7). */
export function useSavePage(pageId: number) {
  return useMutation({
    mutationFn: ({ etag, request }: { etag: string; request: SavePageRequest }) => {
      return apiRequest(
        'PUT',
        authorPaths.savePage(pageId),
        responseOf<AuthorPageResponse>(),
        gzipJson(request),
        {
          headers: { ...etagHeaders(etag), 'content-encoding': 'gzip' },
        },
      );
    },
  });
}
