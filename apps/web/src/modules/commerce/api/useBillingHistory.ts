import { BillingHistorySchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** The caller's charges, refunds and chargebacks, newest first, each with its PDF invoice. */
export function useBillingHistory() {
  return useQuery({
    queryKey: commerceKeys.billingHistory,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/commerce/billing-history', BillingHistorySchema, undefined, { signal }),
  });
}
