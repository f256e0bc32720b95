import { PaymentSchema, type PayRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** Pays a checkout; a success changes what the learner may read, so every cached answer is refetched. */
export function usePay(checkoutType: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayRequest) =>
      apiRequest('POST', `/api/commerce/checkout/${encodeURIComponent(checkoutType)}`, PaymentSchema, input),
    onSuccess: (payment) => {
      if (payment.status === 'succeeded') return queryClient.invalidateQueries();
    },
  });
}
