import { CloudLabOverviewSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { cloudLabKeys } from './cloudLabKeys';
import type { LabAddress } from './LabAddress';
import { labPath } from './labPath';

/** POST …/begin: the learner's progress and lab variables; beginning again changes nothing. */
export function useBeginCloudLab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: LabAddress) =>
      apiRequest('POST', `${labPath(address)}/begin`, CloudLabOverviewSchema, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudLabKeys.all }),
  });
}
