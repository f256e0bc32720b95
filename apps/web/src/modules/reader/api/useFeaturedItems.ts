import type { FeaturedItemsResponse } from '@coderoom/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';
import { responseOf } from './responseOf';

/** GET /api/reader/featured_items with explore's filters as a query string. */
export function useFeaturedItems(query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: readerKeys.featured(search),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/reader/featured_items?${search}`,
        responseOf<FeaturedItemsResponse>(),
        undefined,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}
