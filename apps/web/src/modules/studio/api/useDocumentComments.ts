import { DocumentCommentsResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { documentPaths } from './documentPaths';
import { studioKeys } from './studioKeys';

/** A document's threads, oldest first, each with its replies, and the names of everyone in them. */
export function useDocumentComments(documentKey: string, enabled = true) {
  return useQuery({
    queryKey: studioKeys.comments(documentKey),
    queryFn: ({ signal }) =>
      apiRequest('GET', documentPaths.comments(documentKey), DocumentCommentsResponseSchema, undefined, {
        signal,
      }),
    enabled,
    retry: false,
  });
}
