import { type SlidesData, type SlidesDataQuery, SlidesDataSchema } from '@coderoom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

/**
 * A learner's place in one slides widget (GET/POST /api/slides/data). `ref` is null where nothing is
 * kept: visitors, drafts, the gallery. A failed save keeps the learner where they are and says so.
 */
export function useSlidesData(ref: SlidesDataQuery | null) {
  const queryClient = useQueryClient();
  const key = ['widgets', 'slides', ref] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(
        Object.entries(ref ?? {}).map(([name, value]) => [name, String(value)]),
      );
      return apiRequest('GET', `/api/slides/data?${params}`, SlidesDataSchema, undefined, {
        signal,
        suppressUnauthorizedRedirect: true,
      });
    },
    enabled: ref !== null,
    staleTime: 60_000,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (frame: number) =>
      apiRequest(
        'POST',
        '/api/slides/data',
        SlidesDataSchema,
        { ...ref, frame },
        {
          suppressUnauthorizedRedirect: true,
        },
      ),
    onSuccess: (data: SlidesData) => queryClient.setQueryData(key, data),
  });
  return { data: query.data, isLoading: query.isLoading, save: save.mutate, saveFailed: save.isError };
}
