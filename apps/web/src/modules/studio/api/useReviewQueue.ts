import type { ReviewQueueResponse } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { authorPaths } from './authorPaths';
import { studioKeys } from './studioKeys';

export function useReviewQueue() {
  return useQuery({
    queryKey: studioKeys.reviewQueue,
    queryFn: ({ signal }) =>
      apiRequest('GET', authorPaths.reviewQueue, responseOf<ReviewQueueResponse>(), undefined, { signal }),
    retry: false,
  });
}
