import { describe, expect, it } from 'vitest';
import { resolveTheme } from './resolveTheme';

describe('resolveTheme', () => {
  it('follows the system only for the system choice', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});
