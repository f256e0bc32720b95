import { StreakResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { goalsKeys } from './goalsKeys';

/** The streak counted in the browser's time zone when it is known, else in the one saved with the goal. */
export function useStreak(timeZone: string | null, enabled: boolean) {
  return useQuery({
    queryKey: goalsKeys.streak(timeZone),
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/userdata/streak${timeZone ? `?${new URLSearchParams({ time_zone: timeZone })}` : ''}`,
        StreakResponseSchema,
      ),
    enabled,
  });
}
