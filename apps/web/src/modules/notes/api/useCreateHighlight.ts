import { type CreateNoteRequest, NoteResponseSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { notesKeys } from './notesKeys';

export function useCreateHighlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateNoteRequest) =>
      apiRequest('PUT', '/api/userdata/notes-and-highlights', NoteResponseSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKeys.all }),
  });
}
