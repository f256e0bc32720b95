import { describe, expect, it } from 'vitest';
import { keptEvents, withEvent } from './eventQueue';

const DAY = 86_400_000;
const NOW = 1_700_000_000_000;

describe('the queued events', () => {
  it('drops events older than 7 days and malformed ones', () => {
    const stored = [
      { event_name: 'fresh', event_data: { value: 2 }, timestamp: NOW - DAY },
      { event_name: 'old', event_data: {}, timestamp: NOW - 8 * DAY },
      { event_name: 'text-value', event_data: { value: '2' }, timestamp: NOW },
      { event_name: '', event_data: {}, timestamp: NOW },
      { event_data: {}, timestamp: NOW },
      'junk',
      null,
    ];
    expect(keptEvents(stored, NOW).map((event) => event.event_name)).toEqual(['fresh']);
    expect(keptEvents('not a list', NOW)).toEqual([]);
  });

  it('keeps at most one flush worth, dropping the oldest', () => {
    let queue = keptEvents([], NOW);
    for (let index = 0; index < 55; index += 1) {
      queue = withEvent(queue, { event_name: `e${index}`, event_data: {}, timestamp: NOW });
    }
    expect(queue).toHaveLength(50);
    expect(queue[0]?.event_name).toBe('e5');
  });
});
