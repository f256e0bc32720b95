import type { ProofreadIncorporations } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { type ProofreadAddress, proofreadApiUrl, proofreadDocPath } from '../utils/proofreadAddress';
import { proofreadKeys } from './proofreadKeys';

/** The passes the author decided, with every accepted and rejected suggestion. */
export function useIncorporations(address: ProofreadAddress) {
  return useQuery({
    queryKey: proofreadKeys.incorporations(proofreadDocPath(address)),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        proofreadApiUrl(address, 'reviewIncorporations'),
        responseOf<ProofreadIncorporations>(),
        undefined,
        { signal },
      ),
    retry: false,
  });
}
