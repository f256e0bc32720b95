import { OkSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** Cancels a subscription's renewal (it runs to the end of its term) or resumes it before then. */
export function useChangeRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { subscriptionId: number; action: 'cancel' | 'reactivate' }) =>
      apiRequest('POST', `/api/commerce/subscriptions/${input.subscriptionId}/${input.action}`, OkSchema, {}),
    // What the learner may read and the user info's commerce fields follow the subscription.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
