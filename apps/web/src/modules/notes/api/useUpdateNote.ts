import { NoteResponseSchema, type UpdateNoteRequest } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { notesKeys } from './notesKeys';

/** Sends the version the learner edited, so a change made in another tab is not silently overwritten. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNoteRequest) =>
      apiRequest('PUT', '/api/userdata/notes-and-highlights', NoteResponseSchema, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesKeys.all }),
  });
}
