import { describe, expect, it } from 'vitest';
import { widgetCountOverflow, widgetRoomLeft } from './content.js';

describe('widgetCountOverflow (spec 000 §3 per-type counts)', () => {
  it('passes a page at every count and names the first type over its count', () => {
    const atCounts = [
      ...Array(8).fill('Code'),
      ...Array(5).fill('WebpackBin'),
      ...Array(5).fill('VNC'),
      ...Array(5).fill('Android'),
      'Terminal',
      ...Array(50).fill('MarkdownEditor'),
    ];
    expect(widgetCountOverflow(atCounts)).toBeNull();
    expect(widgetCountOverflow([...atCounts, 'Terminal'])).toEqual({ type: 'Terminal', limit: 1, count: 2 });
    expect(widgetCountOverflow([...atCounts, 'Android'])).toEqual({ type: 'Android', limit: 5, count: 6 });
  });

  it('tells the studio how many more of a type fit; uncounted types are unlimited', () => {
    expect(widgetRoomLeft(['Terminal'], 'Terminal')).toBe(0);
    expect(widgetRoomLeft(['Code', 'Code'], 'Code')).toBe(6);
    expect(widgetRoomLeft([], 'MarkdownEditor')).toBe(Number.POSITIVE_INFINITY);
  });
});
