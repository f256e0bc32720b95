import { type AdminRefundRequest, AdminRefundResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** Refunds all or part of a payment; the request id makes a repeated press one refund. */
export function useAdminRefund(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRefundRequest) =>
      apiRequest(
        'POST',
        `/api/admin/commerce/payments/${encodeURIComponent(paymentId)}/refunds`,
        AdminRefundResponseSchema,
        body,
      ),
    onSuccess: ({ payment, ledger }) => {
      queryClient.setQueryData(commerceKeys.adminPayment(paymentId), { payment, ledger });
      void queryClient.invalidateQueries({ queryKey: ['commerce', 'admin-payments'] });
    },
  });
}
