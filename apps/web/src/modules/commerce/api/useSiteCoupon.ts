import { SiteCouponBannerSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { commerceKeys } from './commerceKeys';

/** GET /api/coupon/site: the site coupon's banner, or none (spec 001 §7). */
export function useSiteCoupon(enabled: boolean) {
  return useQuery({
    queryKey: commerceKeys.siteCoupon,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/coupon/site', SiteCouponBannerSchema, undefined, { signal }),
    enabled,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
