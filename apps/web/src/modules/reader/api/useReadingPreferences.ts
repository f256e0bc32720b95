import {
  DEFAULT_READING_PREFERENCES,
  type ReadingPreferences,
  ReadingPreferencesSchema,
} from '@coderoom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

const KEY = ['reader', 'reading-preferences'] as const;

/** The learner's reading preferences, saved on the server so every device reads the same way. */
export function useReadingPreferences(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/userdata/reading-preferences', ReadingPreferencesSchema, undefined, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
  const save = useMutation({
    mutationFn: (next: ReadingPreferences) =>
      apiRequest('PUT', '/api/userdata/reading-preferences', ReadingPreferencesSchema, next),
    onMutate: (next) => queryClient.setQueryData(KEY, next),
  });
  return { preferences: query.data ?? DEFAULT_READING_PREFERENCES, save: save.mutate };
}
