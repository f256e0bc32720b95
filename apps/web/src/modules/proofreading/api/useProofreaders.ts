import type { Proofreader, ProofreadersResponse } from '@coderoom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { proofreadKeys } from './proofreadKeys';

const PROOFREADERS = '/api/admin/proofreaders';

/** Who proofreads (platform super admins only; others get 403). */
export function useProofreaders() {
  return useQuery({
    queryKey: proofreadKeys.proofreaders,
    queryFn: ({ signal }) =>
      apiRequest('GET', PROOFREADERS, responseOf<ProofreadersResponse>(), undefined, { signal }),
    retry: false,
  });
}

/** Adds the account with an e-mail address, or removes a proofreader by id; the list is read again. */
export function useProofreaderActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: proofreadKeys.proofreaders });
  const add = useMutation({
    mutationFn: (email: string) => apiRequest('POST', PROOFREADERS, responseOf<Proofreader>(), { email }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: number) =>
      apiRequest('DELETE', `${PROOFREADERS}/${userId}`, responseOf<ProofreadersResponse>()),
    onSuccess: refresh,
  });
  return { add, remove };
}
