import { describe, expect, it } from 'vitest';
import { clampSidebarWidth } from './clampSidebarWidth';

describe('clampSidebarWidth', () => {
  it('keeps widths inside each kind’s limits', () => {
    expect(clampSidebarWidth('enterprise', 2)).toBe(4);
    expect(clampSidebarWidth('enterprise', 30)).toBe(16.5);
    expect(clampSidebarWidth('legacy', 10)).toBe(6);
    expect(clampSidebarWidth('profile', 12.3)).toBe(12.5);
    expect(clampSidebarWidth('profile', Number.NaN)).toBe(20);
  });
});
