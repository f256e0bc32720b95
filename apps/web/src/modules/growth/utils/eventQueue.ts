import type { AnalyticsEvent } from '@coderoom/contracts';
import { EVENT_NAME_MAX, EVENTS_PER_FLUSH_MAX, isFresh, QUEUED_EVENT_EXPIRY_MS } from '@coderoom/domain';

// Queued analytics events (spec 001 §4): kept while the user is unknown, sent once a user id exists, then
// cleared. Events older than 7 days or malformed are discarded on read.

export interface QueuedEvent {
  event_name: string;
  event_data: { category?: string; action?: string; label?: string; value?: number };
  timestamp: number;
}

function isQueuedEvent(value: unknown, nowMs: number): value is QueuedEvent {
  if (value === null || typeof value !== 'object') return false;
  const event = value as Record<string, unknown>;
  const data = event.event_data as Record<string, unknown> | null | undefined;
  return (
    typeof event.event_name === 'string' &&
    event.event_name.length > 0 &&
    event.event_name.length <= EVENT_NAME_MAX &&
    typeof event.timestamp === 'number' &&
    isFresh(event.timestamp, nowMs, QUEUED_EVENT_EXPIRY_MS) &&
    data !== null &&
    typeof data === 'object' &&
    (data.value === undefined || (typeof data.value === 'number' && Number.isFinite(data.value)))
  );
}

/** What is worth keeping of a stored queue: well-formed events younger than 7 days, oldest first. */
export function keptEvents(stored: unknown, nowMs: number): QueuedEvent[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter((event): event is QueuedEvent => isQueuedEvent(event, nowMs));
}

/** The queue with one more event; the oldest go when it is longer than one flush can carry. */
export function withEvent(queue: QueuedEvent[], event: QueuedEvent): QueuedEvent[] {
  return [...queue, event].slice(-EVENTS_PER_FLUSH_MAX);
}

export function toRequest(queue: QueuedEvent[]): AnalyticsEvent[] {
  return queue.map((event) => ({ ...event }));
}
