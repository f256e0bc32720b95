import { CommentsCountResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { documentPaths } from './documentPaths';
import { studioKeys } from './studioKeys';

/** Threads on one document: all of them and the open ones. */
export function useCommentsCount(documentKey: string) {
  return useQuery({
    queryKey: studioKeys.commentsCount(documentKey),
    queryFn: async ({ signal }) => {
      const { counts } = await apiRequest(
        'POST',
        documentPaths.commentsCount,
        CommentsCountResponseSchema,
        // The spec's shape: the keys travel as a JSON string inside the JSON body.
        { document_keys: JSON.stringify([documentKey]) },
        { signal },
      );
      return counts[documentKey] ?? { total: 0, unresolved: 0 };
    },
    retry: false,
  });
}
