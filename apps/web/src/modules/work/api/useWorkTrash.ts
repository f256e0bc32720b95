import { WorkItemListSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

export function useWorkTrash() {
  return useQuery({
    queryKey: workKeys.trash,
    queryFn: () => apiRequest('GET', '/api/workflows/trash', WorkItemListSchema),
    select: (response) => response.items,
  });
}
