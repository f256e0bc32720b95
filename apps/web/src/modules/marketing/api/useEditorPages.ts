import { EditorPageListSchema } from '@coderoom/contracts';
import type { EditorPageKind } from '@coderoom/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { marketingKeys } from './marketingKeys';

/** Every marketing page or blog post, drafts included (editorial users only). */
export function useEditorPages(kind: EditorPageKind) {
  return useQuery({
    queryKey: marketingKeys.editorPages(kind),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/page/editor?kind=${kind}`, EditorPageListSchema, undefined, { signal }),
    retry: false,
  });
}
