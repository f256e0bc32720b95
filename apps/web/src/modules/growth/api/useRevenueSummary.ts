import { RevenueSummarySchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { growthKeys } from './growthKeys';

/** MRR, active subscriptions by plan, trials and churn (administrators). */
export function useRevenueSummary() {
  return useQuery({
    queryKey: growthKeys.revenue,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/admin/revenue', RevenueSummarySchema, undefined, { signal }),
    retry: false,
  });
}
