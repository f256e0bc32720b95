import { NoteResponseSchema, type UpdateNoteRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { etagHeaders } from '../../api/etagHeaders';
import { notesKeys } from './notesKeys';

/**
 * Sends the eTag of the version the learner edited, so a change made in another tab is not silently
 * overwritten (the server answers 505 'Version outdated').
 */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ etag, ...input }: UpdateNoteRequest & { etag: string }) =>
      apiRequest('PUT', '/api/userdata/notes-and-highlights', NoteResponseSchema, input, {
        headers: etagHeaders(etag),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesKeys.all }),
  });
}
