import type { IncorporateRequest, ProofreadArticle } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { responseOf } from '../../reader/api/responseOf';
import { type ProofreadAddress, proofreadApiUrl, proofreadDocPath } from '../utils/proofreadAddress';
import { proofreadKeys } from './proofreadKeys';

/** The author's decisions on every suggestion, sent with the eTag of the draft they reviewed. */
export function useIncorporate(address: ProofreadAddress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ etag, body }: { etag: string; body: IncorporateRequest }) =>
      apiRequest('POST', proofreadApiUrl(address, 'incorporate'), responseOf<ProofreadArticle>(), body, {
        headers: etagHeaders(etag),
      }),
    onSuccess: (article) => {
      queryClient.setQueryData(proofreadKeys.article(proofreadDocPath(address)), article);
      void queryClient.invalidateQueries({ queryKey: proofreadKeys.all });
    },
  });
}
