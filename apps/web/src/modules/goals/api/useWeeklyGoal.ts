import { WeeklyGoalResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { goalsKeys } from './goalsKeys';

export function useWeeklyGoal(enabled: boolean) {
  return useQuery({
    queryKey: goalsKeys.goal,
    queryFn: () => apiRequest('GET', '/api/userdata/weekly-goal', WeeklyGoalResponseSchema),
    enabled,
  });
}
