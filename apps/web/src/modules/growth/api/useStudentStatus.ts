import { StudentStatusSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { growthKeys } from './growthKeys';

/** Where the signed-in learner stands with the student plan. */
export function useStudentStatus(enabled: boolean) {
  return useQuery({
    queryKey: growthKeys.studentStatus,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/github-students/status', StudentStatusSchema, undefined, { signal }),
    enabled,
    retry: false,
  });
}
