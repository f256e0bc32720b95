import {
  AdminFeaturesResponseSchema,
  FeaturesResponseSchema,
  type SetFeatureRequest,
} from '@coderoom/contracts';
import type { FeatureFlag } from '@coderoom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/apiClient';
import { useUserInfo } from '../session/hooks/useUserInfo';

const FEATURES_KEY = 'features';
const ADMIN_FEATURES_KEY = ['admin-features'] as const;

/** Which features are on for whoever is signed in (GET /api/features), asked again when that changes. */
export function useFeatures() {
  const { data: user, isPending } = useUserInfo();
  return useQuery({
    queryKey: [FEATURES_KEY, user?.user_id ?? null],
    queryFn: () => apiRequest('GET', '/api/features', FeaturesResponseSchema),
    enabled: !isPending,
    staleTime: 5 * 60_000,
  });
}

/** One feature: off until the answer is known, so nothing shows that may not be rolled out to this user. */
export function useFeature(flag: FeatureFlag): boolean {
  return useFeatures().data?.features[flag] ?? false;
}

/** Every flag with its rollout level, for the admin page. */
export function useAdminFeatures() {
  return useQuery({
    queryKey: ADMIN_FEATURES_KEY,
    queryFn: () => apiRequest('GET', '/api/admin/features', AdminFeaturesResponseSchema),
  });
}

export function useSetFeatureRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, rollout }: { name: FeatureFlag } & SetFeatureRequest) =>
      apiRequest('PUT', `/api/admin/features/${name}`, AdminFeaturesResponseSchema, { rollout }),
    onSuccess: (answer) => {
      queryClient.setQueryData(ADMIN_FEATURES_KEY, answer);
      return queryClient.invalidateQueries({ queryKey: [FEATURES_KEY] });
    },
  });
}
