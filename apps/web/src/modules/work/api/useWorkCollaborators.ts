import { WorkCollaboratorListSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

export function useWorkCollaborators(id: number) {
  return useQuery({
    queryKey: workKeys.collaborators(id),
    queryFn: () => apiRequest('GET', `/api/workflows/items/${id}/collaborators`, WorkCollaboratorListSchema),
    select: (response) => response.collaborators,
  });
}
