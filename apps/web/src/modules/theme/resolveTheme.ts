import { ThemeChoice } from '@coderoom/domain';

export type AppliedTheme = 'light' | 'dark';

export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): AppliedTheme {
  if (choice === ThemeChoice.System) return prefersDark ? 'dark' : 'light';
  return choice;
}
