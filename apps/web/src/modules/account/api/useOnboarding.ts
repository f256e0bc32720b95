import { OnboardingStateSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { accountKeys } from './accountKeys';

export function useOnboarding() {
  return useQuery({
    queryKey: accountKeys.onboarding,
    queryFn: () => apiRequest('GET', '/api/user/onboarding', OnboardingStateSchema),
  });
}
