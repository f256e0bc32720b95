import { AuthorPayoutsSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** The author's payout method and monthly statements. */
export function useAuthorPayouts() {
  return useQuery({
    queryKey: commerceKeys.authorPayouts,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/author/payouts', AuthorPayoutsSchema, undefined, { signal }),
    retry: false,
  });
}
