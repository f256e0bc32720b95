import type { PageDiffResponse } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** The changes from a saved state (`snapshot:{id}` or `version:{no}`) to the current draft. */
export function usePageDiff(authorId: number, collectionId: number, pageId: number, against: string | null) {
  return useQuery({
    queryKey: [...studioKeys.diffs(authorId, collectionId, pageId), against],
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        authorPaths.pageDiff(authorId, collectionId, pageId, against ?? ''),
        responseOf<PageDiffResponse>(),
        undefined,
        { signal },
      ),
    enabled: against !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
