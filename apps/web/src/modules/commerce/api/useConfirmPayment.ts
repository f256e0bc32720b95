import { PaymentSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** The 3-D Secure step's answer: the cardholder approved the payment or cancelled it. */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, approved }: { paymentId: string; approved: boolean }) =>
      apiRequest('POST', `/api/commerce/payments/${encodeURIComponent(paymentId)}/confirm`, PaymentSchema, {
        approved,
      }),
    onSuccess: (payment) => {
      if (payment.status === 'succeeded') return queryClient.invalidateQueries();
    },
  });
}
