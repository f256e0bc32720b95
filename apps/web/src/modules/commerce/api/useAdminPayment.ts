import { AdminPaymentDetailSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** One payment with its ledger rows (administrators). */
export function useAdminPayment(paymentId: string | null) {
  return useQuery({
    queryKey: commerceKeys.adminPayment(paymentId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/admin/commerce/payments/${encodeURIComponent(paymentId ?? '')}`,
        AdminPaymentDetailSchema,
        undefined,
        { signal },
      ),
    enabled: paymentId !== null,
    retry: false,
  });
}
