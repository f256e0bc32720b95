import { keptEvents, type QueuedEvent, withEvent } from './eventQueue';
import { GrowthStorageKey, readJson, writeJson } from './growthStorage';

/** Fired after an event is queued, so a signed-in page sends it without waiting for the next page. */
export const EVENT_QUEUED = 'coderoom:event-queued';

/**
 * Records an analytics event (spec 001 §4): it waits in the browser until a user id exists, then
 * GrowthTracker sends it. A non-numeric value is refused here, as the server would (001 §5).
 */
export function trackEvent(name: string, data: QueuedEvent['event_data'] = {}): void {
  if (data.value !== undefined && !Number.isFinite(data.value)) {
    console.warn('GA event value can only be a number');
    return;
  }
  const now = Date.now();
  const queue = keptEvents(readJson(GrowthStorageKey.QueuedEvents), now);
  writeJson(
    GrowthStorageKey.QueuedEvents,
    withEvent(queue, { event_name: name, event_data: data, timestamp: now }),
  );
  window.dispatchEvent(new Event(EVENT_QUEUED));
}
