import { CheckoutQuoteSchema } from '@coderoom/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** The query of one checkout quote; `query` holds plan= or author_id= and collection_id=, and coupon_code=. */
export function checkoutQuoteQuery(checkoutType: string, query: string) {
  return {
    queryKey: commerceKeys.quote(checkoutType, query),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest(
        'GET',
        `/api/commerce/checkout/${encodeURIComponent(checkoutType)}${query ? `?${query}` : ''}`,
        CheckoutQuoteSchema,
        undefined,
        { signal },
      ),
    retry: false,
  } as const;
}

/** The order a checkout page will pay for; while a new seat count is priced, the last order stays shown. */
export function useCheckoutQuote(checkoutType: string, search: URLSearchParams, enabled: boolean) {
  return useQuery({
    ...checkoutQuoteQuery(checkoutType, search.toString()),
    enabled,
    placeholderData: keepPreviousData,
  });
}
