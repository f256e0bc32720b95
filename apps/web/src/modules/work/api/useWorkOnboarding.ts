import { WorkOnboardingSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

export function useWorkOnboarding() {
  return useQuery({
    queryKey: workKeys.onboarding,
    queryFn: () => apiRequest('GET', '/api/workflows/onboarding', WorkOnboardingSchema),
  });
}
