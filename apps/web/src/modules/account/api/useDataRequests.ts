import { DataRequestsResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { accountKeys } from './accountKeys';

export function useDataRequests() {
  return useQuery({
    queryKey: accountKeys.dataRequests,
    queryFn: () => apiRequest('GET', '/api/access-right/data/requests', DataRequestsResponseSchema),
  });
}
