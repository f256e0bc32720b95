import { THEME_COOKIE } from '@coderoom/contracts';
import { THEME_COOKIE_MAX_AGE_SECONDS, ThemeChoice } from '@coderoom/domain';
import { resolveTheme } from './resolveTheme';

const CHOICES: readonly string[] = Object.values(ThemeChoice);

export function readThemeChoice(): ThemeChoice {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=([^;]*)`));
  const value = match?.[1];
  return value && CHOICES.includes(value) ? (value as ThemeChoice) : ThemeChoice.System;
}

export function prefersDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Sets data-theme on <html> and remembers the choice in the cookie the head script reads. */
export function applyThemeChoice(choice: ThemeChoice): void {
  const root = document.documentElement;
  root.dataset.theme = resolveTheme(choice, prefersDark());
  root.dataset.themeChoice = choice;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${THEME_COOKIE}=${choice}; path=/; max-age=${THEME_COOKIE_MAX_AGE_SECONDS}; samesite=lax${secure}`;
}
