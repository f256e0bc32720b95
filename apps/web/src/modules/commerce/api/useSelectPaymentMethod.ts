import { PaymentMethodsResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** Makes a card the one a subscription renews with (the default). */
export function useSelectPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { subscriptionId: number; paymentMethodId: number }) =>
      apiRequest(
        'PUT',
        `/api/commerce/subscriptions/${input.subscriptionId}/payment-method`,
        PaymentMethodsResponseSchema,
        { payment_method_id: input.paymentMethodId },
      ),
    onSuccess: (list) => queryClient.setQueryData(commerceKeys.paymentMethods, list),
  });
}
