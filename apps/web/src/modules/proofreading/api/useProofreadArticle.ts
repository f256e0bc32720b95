import type { ProofreadArticle } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { type ProofreadAddress, proofreadApiUrl, proofreadDocPath } from '../utils/proofreadAddress';
import { proofreadKeys } from './proofreadKeys';

/** One article in proofreading: its state, what the caller may do, the draft and the passes. */
export function useProofreadArticle(address: ProofreadAddress) {
  return useQuery({
    queryKey: proofreadKeys.article(proofreadDocPath(address)),
    queryFn: ({ signal }) =>
      apiRequest('GET', proofreadApiUrl(address), responseOf<ProofreadArticle>(), undefined, {
        signal,
      }),
    retry: false,
  });
}
