import { SubscriptionsStatusSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** The caller's subscriptions, newest first (GET /api/user/subscriptions-status). */
export function useSubscriptionsStatus() {
  return useQuery({
    queryKey: commerceKeys.subscriptions,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/user/subscriptions-status', SubscriptionsStatusSchema, undefined, { signal }),
  });
}
