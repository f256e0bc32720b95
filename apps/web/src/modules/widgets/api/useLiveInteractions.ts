import {
  type LiveInteractionsQuery,
  type LiveInteractionsResponse,
  LiveInteractionsResponseSchema,
} from '@coderoom/contracts';
import { type LiveInteraction, LiveInteractionLimits } from '@coderoom/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { apiRequest } from '../../api/apiClient';

/** Interactions are batched: one report per widget at most this often (docs/reader-calls.md). */
const REPORT_DELAY_MS = 1_500;

/**
 * What a learner did in one live widget (POST/GET /api/userdata/live/interactions): `record` counts an
 * interaction and reports the batch a moment later (and when the widget goes away); `totals` are the
 * learner's totals read back when the lesson opens, updated by every report. `ref` is null where nothing is
 * kept: visitors, drafts, the gallery. A failed report is dropped: it never gets in the learner's way.
 */
export function useLiveInteractions(ref: LiveInteractionsQuery | null) {
  const queryClient = useQueryClient();
  const key = ['widgets', 'live-interactions', ref] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(
        Object.entries(ref ?? {}).map(([name, value]) => [name, String(value)]),
      );
      return apiRequest(
        'GET',
        `/api/userdata/live/interactions?${params}`,
        LiveInteractionsResponseSchema,
        undefined,
        {
          signal,
          suppressUnauthorizedRedirect: true,
        },
      );
    },
    enabled: ref !== null,
    staleTime: 60_000,
    retry: false,
  });

  const pending = useRef(new Map<LiveInteraction, number>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ ref, key });
  latest.current = { ref, key };

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const { ref: target, key: queryKey } = latest.current;
    if (!target || pending.current.size === 0) return;
    const interactions = [...pending.current].map(([interaction, count]) => ({
      interaction,
      count: Math.min(count, LiveInteractionLimits.maxCount),
    }));
    pending.current.clear();
    apiRequest(
      'POST',
      '/api/userdata/live/interactions',
      LiveInteractionsResponseSchema,
      { ...target, interactions },
      { suppressUnauthorizedRedirect: true },
    )
      .then((totals: LiveInteractionsResponse) => queryClient.setQueryData(queryKey, totals))
      .catch(() => undefined);
  }, [queryClient]);

  const record = useCallback(
    (interaction: LiveInteraction) => {
      if (!latest.current.ref) return;
      pending.current.set(interaction, (pending.current.get(interaction) ?? 0) + 1);
      if (!timer.current) timer.current = setTimeout(flush, REPORT_DELAY_MS);
    },
    [flush],
  );

  // Whatever is still batched is reported when the widget leaves the page or the tab is hidden.
  useEffect(() => {
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush();
    };
  }, [flush]);

  return { totals: query.data?.interactions ?? null, record };
}
