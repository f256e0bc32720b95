import type {
  AddCollaboratorRequest,
  CollaboratorAccess,
  CollaboratorResponse,
  RemoveCollaboratorResponse,
} from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

/** Adding, changing and removing people on a collection; each refreshes the list. */
export function useCollaboratorActions(authorId: number, collectionId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: studioKeys.collaborators(authorId, collectionId) });
  const add = useMutation({
    mutationFn: (request: AddCollaboratorRequest) =>
      apiRequest(
        'POST',
        authorPaths.collaborators(authorId, collectionId),
        responseOf<CollaboratorResponse>(),
        request,
      ),
    onSuccess,
  });
  const changeAccess = useMutation({
    mutationFn: ({ userId, access }: { userId: number; access: CollaboratorAccess }) =>
      apiRequest(
        'PUT',
        authorPaths.collaborator(authorId, collectionId, userId),
        responseOf<CollaboratorResponse>(),
        { access },
      ),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (userId: number) =>
      apiRequest(
        'DELETE',
        authorPaths.collaborator(authorId, collectionId, userId),
        responseOf<RemoveCollaboratorResponse>(),
      ),
    onSuccess,
  });
  return { add, changeAccess, remove };
}
