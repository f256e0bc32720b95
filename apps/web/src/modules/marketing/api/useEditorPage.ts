import { EditorPageSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { marketingKeys } from './marketingKeys';

/** The draft of one marketing page or blog post, for the editor. */
export function useEditorPage(id: number) {
  return useQuery({
    queryKey: marketingKeys.editorPage(id),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/page/editor/${id}`, EditorPageSchema, undefined, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
