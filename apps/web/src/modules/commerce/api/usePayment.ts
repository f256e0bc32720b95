import { PaymentSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

export function usePayment(paymentId: string) {
  return useQuery({
    queryKey: commerceKeys.payment(paymentId),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/commerce/payments/${encodeURIComponent(paymentId)}`, PaymentSchema, undefined, {
        signal,
      }),
    enabled: paymentId !== '',
    retry: false,
  });
}
