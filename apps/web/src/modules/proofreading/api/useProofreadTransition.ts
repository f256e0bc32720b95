import type { ProofreadArticle, ProofreadTransitionRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { type ProofreadAddress, proofreadApiUrl, proofreadDocPath } from '../utils/proofreadAddress';
import { proofreadKeys } from './proofreadKeys';

/** One move of the proofreading state machine; the article comes back in its new state. */
export function useProofreadTransition(address: ProofreadAddress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ProofreadTransitionRequest['action']) =>
      apiRequest('POST', proofreadApiUrl(address, 'transition'), responseOf<ProofreadArticle>(), { action }),
    onSuccess: (article) => {
      queryClient.setQueryData(proofreadKeys.article(proofreadDocPath(address)), article);
      void queryClient.invalidateQueries({ queryKey: proofreadKeys.queue });
    },
  });
}
