import {
  AI_STREAM_CONTENT_TYPE,
  type AiSearchResponse,
  type AiSearchStreamEvent,
  AiSearchStreamEventSchema,
} from '@coderoom/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiStream } from '../../api/apiClient';

/** What the page shows of one answer while it streams in. */
export interface StreamedAnswer {
  /** The extract: cited passages, shown as soon as they arrive. */
  answer: AiSearchResponse;
  /** The model's text so far, grounded in those passages ('' without a model). */
  written: string;
  /** `writing` until the server says done; `extractive` keeps the extract alone (no model, or it failed). */
  state: 'writing' | 'generated' | 'extractive';
}

/** One event folded into the answer; events before the passages are ignored (the server sends them first). */
export function foldStreamEvent(
  current: StreamedAnswer | null,
  event: AiSearchStreamEvent,
): StreamedAnswer | null {
  if (event.type === 'passages') return { answer: event.answer, written: '', state: 'writing' };
  if (!current) return current;
  if (event.type === 'delta') return { ...current, written: current.written + event.text };
  // A model that failed or ran out of time may have written half an answer: the extract stands alone.
  return event.mode === 'generated' && current.written.trim()
    ? { ...current, state: 'generated' }
    : { ...current, written: '', state: 'extractive' };
}

/**
 * Asks AI search a question (POST /api/ai/search, streamed as NDJSON): the cited passages first, then the
 * model's answer as it is written when one is configured. Errors carry the spec's code, message and hint.
 */
export function useAiSearch() {
  const [streamed, setStreamed] = useState<StreamedAnswer | null>(null);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (question: string) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setStreamed(null);
      let latest: StreamedAnswer | null = null;
      await apiStream(
        '/api/ai/search',
        AiSearchStreamEventSchema,
        { question },
        (event) => {
          latest = foldStreamEvent(latest, event);
          if (!abort.signal.aborted) setStreamed(latest);
        },
        { streamType: AI_STREAM_CONTENT_TYPE, signal: abort.signal },
      );
      return latest;
    },
  });
  return {
    ...mutation,
    streamed,
    reset: () => {
      controller.current?.abort();
      setStreamed(null);
      mutation.reset();
    },
  };
}
