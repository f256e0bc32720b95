import { AdminPaymentListSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** Payments found by a learner's e-mail address or a payment id (administrators). */
export function useAdminPayments(query: string) {
  return useQuery({
    queryKey: commerceKeys.adminPayments(query),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/admin/commerce/payments?q=${encodeURIComponent(query)}`,
        AdminPaymentListSchema,
        undefined,
        { signal },
      ),
    enabled: query.length >= 3,
    retry: false,
  });
}
