import type { ProofreadQueue } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { proofreadKeys } from './proofreadKeys';

/** The caller's articles, those waiting for a proofreader, and (admins) everything in proofreading. */
export function useProofreadQueue() {
  return useQuery({
    queryKey: proofreadKeys.queue,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/proofread/articles', responseOf<ProofreadQueue>(), undefined, { signal }),
  });
}
