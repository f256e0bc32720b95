import { PageNotesResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { notesKeys } from './notesKeys';

/** The signed-in learner's highlights on one lesson. */
export function usePageNotes(page: { authorId: number; workId: number; pageId: number }, enabled: boolean) {
  const { authorId, workId, pageId } = page;
  return useQuery({
    queryKey: notesKeys.page(authorId, workId, pageId),
    queryFn: () => {
      const query = new URLSearchParams({
        author_id: String(authorId),
        work_id: String(workId),
        page_id: String(pageId),
      });
      return apiRequest('GET', `/api/userdata/notes-and-highlights?${query}`, PageNotesResponseSchema);
    },
    enabled,
    select: (response) => response.notes,
  });
}
