import { OnboardingRecommendationSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { accountKeys } from './accountKeys';

export function useRecommendation(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.recommendation,
    queryFn: () => apiRequest('GET', '/api/user/onboarding/recommendation', OnboardingRecommendationSchema),
    enabled,
  });
}
