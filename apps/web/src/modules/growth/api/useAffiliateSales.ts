import { AffiliateSalesSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { growthKeys } from './growthKeys';

/** An affiliate's clicks, sign-ups and sales (the affiliate themself or an administrator). */
export function useAffiliateSales(userId: number) {
  return useQuery({
    queryKey: growthKeys.affiliateSales(userId),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/affiliate/${userId}/sales`, AffiliateSalesSchema, undefined, { signal }),
    retry: false,
  });
}
