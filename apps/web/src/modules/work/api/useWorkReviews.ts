import { WorkReviewListSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { workKeys } from './workKeys';

export function useWorkReviews(tab: 'all' | 'follow_ups') {
  return useQuery({
    queryKey: workKeys.reviews(tab),
    queryFn: () => apiRequest('GET', `/api/workflows/reviews?tab=${tab}`, WorkReviewListSchema),
    select: (response) => response.reviews,
  });
}
