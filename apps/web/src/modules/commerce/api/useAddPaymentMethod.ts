import { type AddPaymentMethodRequest, PaymentMethodsResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** Saves a card (the processor checks it with a zero amount); answers the new list. */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddPaymentMethodRequest) =>
      apiRequest('POST', '/api/commerce/payment-methods', PaymentMethodsResponseSchema, input),
    onSuccess: (list) => queryClient.setQueryData(commerceKeys.paymentMethods, list),
  });
}
