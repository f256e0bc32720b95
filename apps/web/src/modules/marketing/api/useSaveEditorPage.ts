import { EditorPageSchema, type SaveEditorPageRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { gzipJson } from '../../studio/utils/gzipJson';
import { marketingKeys } from './marketingKeys';

/** Saves the draft compressed at level 9 against its eTag, as the lesson editor saves a page. */
export function useSaveEditorPage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ etag, request }: { etag: string; request: SaveEditorPageRequest }) =>
      apiRequest('PUT', `/api/page/editor/${id}`, EditorPageSchema, gzipJson(request), {
        headers: { ...etagHeaders(etag), 'content-encoding': 'gzip' },
      }),
    onSuccess: (page) => queryClient.setQueryData(marketingKeys.editorPage(id), page),
  });
}
