import { type OnboardingAnswersRequest, OnboardingStateSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { USER_INFO_KEY } from '../../session/hooks/userInfoQuery';
import { accountKeys } from './accountKeys';

/** Saves answers (PUT) or, with `finish`, ends onboarding (a skip is a finish without answers). */
export function useSaveOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OnboardingAnswersRequest | 'finish') =>
      input === 'finish'
        ? apiRequest('POST', '/api/user/onboarding/finish', OnboardingStateSchema)
        : apiRequest('PUT', '/api/user/onboarding', OnboardingStateSchema, input),
    onSuccess: (state) => {
      queryClient.setQueryData(accountKeys.onboarding, state);
      void queryClient.invalidateQueries({ queryKey: accountKeys.recommendation });
      void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
  });
}
