import { describe, expect, it } from 'vitest';
import { choiceFromAccount, resolveTheme } from './resolveTheme';

describe('resolveTheme', () => {
  it('follows the system only for the system choice', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('reads the account choice', () => {
    expect(choiceFromAccount({ user_theme: 'dark', use_system_preference: false })).toBe('dark');
    expect(choiceFromAccount({ user_theme: 'dark', use_system_preference: true })).toBe('system');
    expect(choiceFromAccount({ user_theme: 'unset', use_system_preference: false })).toBe('system');
  });
});
