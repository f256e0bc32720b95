import { ThemeChoice, UserTheme } from '@coderoom/domain';

export type AppliedTheme = 'light' | 'dark';

export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): AppliedTheme {
  if (choice === ThemeChoice.System) return prefersDark ? 'dark' : 'light';
  return choice;
}

/** The account's stored theme as a choice: system preference wins, an unset theme follows the system. */
export function choiceFromAccount(user: {
  user_theme: UserTheme;
  use_system_preference: boolean;
}): ThemeChoice {
  if (user.use_system_preference || user.user_theme === UserTheme.Unset) return ThemeChoice.System;
  return user.user_theme;
}
