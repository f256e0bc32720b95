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
  // Rendered on the server (modules/prerender): light, as the head script paints before the app takes over.
  if (typeof window === 'undefined') return false;
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Pages that are always light (spec 002 §4.9: /work-product) hold this while they are shown. */
let forcedLight = 0;

/**
 * Paints the whole page light until the returned release is called, whatever the choice; the choice itself
 * is kept (and a change made meanwhile is saved), and shows again on release.
 */
export function forceLightTheme(): () => void {
  forcedLight += 1;
  document.documentElement.dataset.theme = 'light';
  let released = false;
  return () => {
    if (released) return;
    released = true;
    forcedLight -= 1;
    if (forcedLight === 0)
      document.documentElement.dataset.theme = resolveTheme(readThemeChoice(), prefersDark());
  };
}

/** Sets data-theme on <html> and remembers the choice in the cookie the head script reads. */
export function applyThemeChoice(choice: ThemeChoice): void {
  const root = document.documentElement;
  root.dataset.theme = forcedLight > 0 ? 'light' : resolveTheme(choice, prefersDark());
  root.dataset.themeChoice = choice;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${THEME_COOKIE}=${choice}; path=/; max-age=${THEME_COOKIE_MAX_AGE_SECONDS}; samesite=lax${secure}`;
}
