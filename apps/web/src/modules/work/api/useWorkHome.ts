import { WorkHomeSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

export function useWorkHome() {
  return useQuery({
    queryKey: workKeys.home,
    queryFn: () => apiRequest('GET', '/api/workflows/home', WorkHomeSchema),
  });
}
