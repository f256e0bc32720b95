import { TaskCommentListSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

export function useTaskComments(taskId: number) {
  return useQuery({
    queryKey: workKeys.comments(taskId),
    queryFn: () => apiRequest('GET', `/api/task/${taskId}/comment`, TaskCommentListSchema),
  });
}
