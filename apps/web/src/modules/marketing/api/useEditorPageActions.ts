import { CheckHtmlResponseSchema, EditorPageSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/apiClient';
import { marketingKeys } from './marketingKeys';

/** Publish, unpublish, delete and the HTML check of one page. */
export function useEditorPageActions(id: number) {
  const queryClient = useQueryClient();
  const base = `/api/page/editor/${id}`;
  const keep = (page: z.infer<typeof EditorPageSchema>) => {
    queryClient.setQueryData(marketingKeys.editorPage(id), page);
    void queryClient.invalidateQueries({ queryKey: marketingKeys.all });
  };
  return {
    publish: useMutation({
      mutationFn: () => apiRequest('POST', `${base}/publish`, EditorPageSchema, {}),
      onSuccess: keep,
    }),
    unpublish: useMutation({
      mutationFn: () => apiRequest('POST', `${base}/unpublish`, EditorPageSchema, {}),
      onSuccess: keep,
    }),
    remove: useMutation({
      mutationFn: () => apiRequest('DELETE', base, z.null()),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.all }),
    }),
    checkHtml: useMutation({
      mutationFn: (html: string) =>
        apiRequest('POST', `${base}/check-html-support`, CheckHtmlResponseSchema, { html }),
    }),
  };
}
