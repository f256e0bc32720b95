import type { CollaboratorListResponse } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** The owner and everyone invited to the collection, with whether the caller may manage them. */
export function useCollaborators(authorId: number, collectionId: number) {
  return useQuery({
    queryKey: studioKeys.collaborators(authorId, collectionId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        authorPaths.collaborators(authorId, collectionId),
        responseOf<CollaboratorListResponse>(),
        undefined,
        { signal },
      ),
    retry: false,
  });
}
