import { type PayoutMethodRequest, PayoutMethodSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** Stores where the author is paid (a provider token, never a card or bank number). */
export function useSavePayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutMethodRequest) =>
      apiRequest('PUT', '/api/author/payout-methods', PayoutMethodSchema, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commerceKeys.authorPayouts }),
  });
}
