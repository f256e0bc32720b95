import { SearchNotesResponseSchema } from '@coderoom/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { notesKeys } from './notesKeys';

/** One page (10 results) of the learner's notes matching the search, optionally within one work. */
export function useNotesSearch(searchString: string, workId: number | null, page: number) {
  return useQuery({
    queryKey: notesKeys.search(searchString, workId, page),
    queryFn: () =>
      apiRequest('POST', '/api/userdata/notes-and-highlights', SearchNotesResponseSchema, {
        search_string: searchString,
        page,
        ...(workId === null ? {} : { work_id: workId }),
      }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
