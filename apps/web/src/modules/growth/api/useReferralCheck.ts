import { ReferralCheckResponseSchema } from '@coderoom/contracts';
import { normaliseReferralCode, REFERRAL_CODE_PATTERN } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { growthKeys } from './growthKeys';

/** Whether a referral code exists (and whose it is), for the sign-up form; idle for a malformed code. */
export function useReferralCheck(code: string) {
  const normalised = normaliseReferralCode(code);
  return useQuery({
    queryKey: growthKeys.referralCheck(normalised),
    enabled: REFERRAL_CODE_PATTERN.test(normalised),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/referral/check?code=${encodeURIComponent(normalised)}`,
        ReferralCheckResponseSchema,
        undefined,
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}
