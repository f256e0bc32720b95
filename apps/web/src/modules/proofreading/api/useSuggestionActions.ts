import type { CreateSuggestionRequest, ProofreadSuggestion } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { type ProofreadAddress, proofreadApiUrl, proofreadDocPath } from '../utils/proofreadAddress';
import { proofreadKeys } from './proofreadKeys';

/** Adding a suggestion to the open pass and taking one back; the article is read again after each. */
export function useSuggestionActions(address: ProofreadAddress, passNo: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: proofreadKeys.article(proofreadDocPath(address)) });
  return {
    add: useMutation({
      mutationFn: (body: CreateSuggestionRequest) =>
        apiRequest(
          'POST',
          proofreadApiUrl(address, `pass/${passNo}/suggestions`),
          responseOf<ProofreadSuggestion>(),
          body,
        ),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (suggestionId: number) =>
        apiRequest(
          'DELETE',
          proofreadApiUrl(address, `pass/${passNo}/suggestions/${suggestionId}`),
          responseOf<{ ok: true }>(),
        ),
      onSuccess: refresh,
    }),
  };
}
