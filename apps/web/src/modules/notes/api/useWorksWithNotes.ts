import { WorksWithNotesResponseSchema } from '@coderoom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { notesKeys } from './notesKeys';

export function useWorksWithNotes() {
  return useQuery({
    queryKey: notesKeys.works,
    queryFn: () =>
      apiRequest(
        'GET',
        '/api/userdata/notes-and-highlights/get-works-with-notes-and-highlights',
        WorksWithNotesResponseSchema,
      ),
    select: (response) => response.works,
  });
}
