import { WorkItemListSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

/** Items of one kind the user reaches; `tab` narrows to starred, private, mine or follow-ups. */
export function useWorkItems(kind: string, tab = 'all') {
  return useQuery({
    queryKey: workKeys.list(kind, tab),
    queryFn: () => apiRequest('GET', `/api/workflows/items?kind=${kind}&tab=${tab}`, WorkItemListSchema),
    select: (response) => response.items,
  });
}
