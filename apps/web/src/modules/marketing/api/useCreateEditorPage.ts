import { type CreateEditorPageRequest, EditorPageSchema } from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/** A fresh page id: random, below 2^48, so two editors creating at once do not meet (docs/marketing.md). */
function newPageId(): number {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return ((words[0] ?? 1) % 0x10000) * 0x1_0000_0000 + (words[1] ?? 1) + 1;
}

/** POST /api/page/editor/{id}/create under an id the editor picks. */
export function useCreateEditorPage() {
  return useMutation({
    mutationFn: (request: CreateEditorPageRequest) =>
      apiRequest('POST', `/api/page/editor/${newPageId()}/create`, EditorPageSchema, request),
  });
}
