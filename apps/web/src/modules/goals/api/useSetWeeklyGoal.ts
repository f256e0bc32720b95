import { type WeeklyGoalRequest, WeeklyGoalResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { goalsKeys } from './goalsKeys';

export function useSetWeeklyGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WeeklyGoalRequest) =>
      apiRequest('PUT', '/api/userdata/weekly-goal', WeeklyGoalResponseSchema, input),
    onSuccess: (goal) => {
      queryClient.setQueryData(goalsKeys.goal, goal);
      return queryClient.invalidateQueries({ queryKey: goalsKeys.all });
    },
  });
}
