import { CloudLabOverviewSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { cloudLabKeys } from './cloudLabKeys';

/** The lab behind /cloudlabs/{slug}/{encodedId}. */
export function useCloudLabOverview(encodedId: string) {
  return useQuery({
    queryKey: cloudLabKeys.overviewByCode(encodedId),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `/api/cloudlabs/${encodeURIComponent(encodedId)}`,
        CloudLabOverviewSchema,
        undefined,
        {
          signal,
        },
      ),
    retry: false,
  });
}
