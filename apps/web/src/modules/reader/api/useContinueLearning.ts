import type { ContinueLearningResponse } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { readerKeys } from './readerKeys';
import { responseOf } from './responseOf';

export function useContinueLearning() {
  return useQuery({
    queryKey: readerKeys.continueLearning,
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        '/api/userdata/continue-learning',
        responseOf<ContinueLearningResponse>(),
        undefined,
        {
          signal,
        },
      ),
  });
}
