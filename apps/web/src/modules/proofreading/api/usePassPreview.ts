import type { ProofreadPassPreview } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { responseOf } from '../../reader/api/responseOf';
import { type ProofreadAddress, proofreadApiUrl, proofreadDocPath } from '../utils/proofreadAddress';
import { proofreadKeys } from './proofreadKeys';

/** What one pass changes, against the article it started from or against an earlier pass. */
export function usePassPreview(address: ProofreadAddress, selected: number, base: number | null) {
  return useQuery({
    queryKey: proofreadKeys.preview(proofreadDocPath(address), selected, base),
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        proofreadApiUrl(
          address,
          `pass/${selected}/preview`,
          base === null ? {} : { base_pass: String(base) },
        ),
        responseOf<ProofreadPassPreview>(),
        undefined,
        { signal },
      ),
    retry: false,
  });
}
