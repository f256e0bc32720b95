import { PaymentMethodsResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** The caller's saved cards, newest first. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: commerceKeys.paymentMethods,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/commerce/payment-methods', PaymentMethodsResponseSchema, undefined, { signal }),
  });
}
