import { GiftSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** Redeems a gift code; the plan it starts changes what the learner may read, so everything is refetched. */
export function useRedeemGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest('POST', '/api/commerce/gifts/redeem', GiftSchema, { code }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
