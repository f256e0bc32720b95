import { ReferralSummarySchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { growthKeys } from './growthKeys';

/** The learner's referral code, link, friends and credit. */
export function useReferralSummary() {
  return useQuery({
    queryKey: growthKeys.referral,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/referral/me', ReferralSummarySchema, undefined, { signal }),
  });
}
