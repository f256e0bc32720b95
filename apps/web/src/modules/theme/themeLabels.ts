import type { ThemeChoice } from '@coderoom/domain';

export const THEME_LABELS: Record<ThemeChoice, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'Use system preference',
};
export const THEME_ICONS: Record<'light' | 'dark', string> = { light: '☀', dark: '☾' };
