import { PlansResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

export function usePlans() {
  return useQuery({
    queryKey: commerceKeys.plans,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/commerce/plans', PlansResponseSchema, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}
