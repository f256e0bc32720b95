import { OkSchema } from '@coderoom/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';
import { notesKeys } from './notesKeys';

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) =>
      apiRequest('DELETE', `/api/userdata/notes-and-highlights?id=${noteId}`, OkSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesKeys.all }),
  });
}
