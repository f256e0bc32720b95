import { NudgeStateSchema } from '@coderoom/contracts';
import { NUDGES, type NudgeInteraction, type NudgeType } from '@coderoom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/apiClient';

const KEY = ['reader', 'nudges'] as const;

/**
 * The reader's nudges for a signed-in learner: which were dismissed (never shown again) and the log call
 * (POST /api/reader/log-nudge-interaction). A failed log is dropped: a tip must never get in the way.
 */
export function useNudges(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/reader/nudges', NudgeStateSchema, undefined, {
        signal,
        suppressUnauthorizedRedirect: true,
      }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const log = useMutation({
    mutationFn: ({ type, interaction }: { type: NudgeType; interaction: NudgeInteraction }) =>
      apiRequest(
        'POST',
        '/api/reader/log-nudge-interaction',
        NudgeStateSchema,
        { nudge_type: type, interaction, text: NUDGES[type].text },
        { suppressUnauthorizedRedirect: true },
      ),
    onMutate: ({ type, interaction }) => {
      // Gone at once, whether or not the log arrives.
      if (interaction !== 'dismissed') return;
      const dismissed = query.data?.dismissed ?? [];
      queryClient.setQueryData(KEY, { dismissed: [...new Set([...dismissed, type])] });
    },
    onSuccess: (state) => queryClient.setQueryData(KEY, state),
  });
  return {
    /** Undefined until known: no nudge shows before then. */
    dismissed: query.data?.dismissed,
    log: (type: NudgeType, interaction: NudgeInteraction) => log.mutate({ type, interaction }),
  };
}
