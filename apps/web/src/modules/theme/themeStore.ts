import { ThemeChoice } from '@coderoom/domain';
import { useSyncExternalStore } from 'react';
import { applyThemeChoice, readThemeChoice } from './themeDom';

// One theme choice for the whole page, so the header menu and the settings page never disagree.
let current: ThemeChoice | null = null;
const listeners = new Set<() => void>();

export function getThemeChoice(): ThemeChoice {
  current ??= readThemeChoice();
  return current;
}

export function setThemeChoice(choice: ThemeChoice): void {
  applyThemeChoice(choice);
  current = choice;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeChoice(): ThemeChoice {
  // The server renders public pages without the visitor's cookie: the system choice until the browser's.
  return useSyncExternalStore(subscribe, getThemeChoice, () => ThemeChoice.System);
}
