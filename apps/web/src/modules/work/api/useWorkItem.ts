import { WorkItemDetailSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

export function useWorkItem(id: number) {
  return useQuery({
    queryKey: workKeys.item(id),
    queryFn: () => apiRequest('GET', `/api/workflows/items/${id}`, WorkItemDetailSchema),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}
