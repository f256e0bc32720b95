import { PaymentMethodsResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** Deletes a saved card for good; a subscription that renewed with it renews with none. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: number) =>
      apiRequest('DELETE', `/api/commerce/payment-methods/${paymentMethodId}`, PaymentMethodsResponseSchema),
    onSuccess: (list) => queryClient.setQueryData(commerceKeys.paymentMethods, list),
  });
}
