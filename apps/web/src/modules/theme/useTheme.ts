import type { UserInfo } from '@coderoom/contracts';
import { DarkModeRequestSchema, OkSchema } from '@coderoom/contracts';
import { type ThemeChoice, ThemeChoice as Themes, themeChoiceForAccount } from '@coderoom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { apiRequest } from '../api/apiClient';
import { USER_INFO_KEY } from '../session/hooks/userInfoQuery';
import { useUserInfo } from '../session/hooks/useUserInfo';
import { resolveTheme } from './resolveTheme';
import { prefersDark } from './themeDom';
import { getThemeChoice, setThemeChoice, useThemeChoice } from './themeStore';

/**
 * The theme choice: applied at once, kept in the cookie (so the next load paints right), and saved to
 * the account when signed in. A system choice follows the OS setting live.
 */
export function useTheme() {
  const { data: user } = useUserInfo();
  const choice = useThemeChoice();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (frontend_theme: ThemeChoice) =>
      apiRequest('POST', '/api/userdata/darkmode', OkSchema, DarkModeRequestSchema.parse({ frontend_theme })),
    // Keep the cached account in step, so a later refetch does not bring the old theme back.
    onSuccess: (_ok, saved) =>
      queryClient.setQueryData<UserInfo | null>(USER_INFO_KEY, (old) =>
        old
          ? saved === Themes.System
            ? { ...old, use_system_preference: true }
            : {
                ...old,
                user_theme: saved,
                use_system_preference: false,
                dark_mode_selected: saved === Themes.Dark,
              }
          : old,
      ),
  });

  // The account's saved theme wins over this browser's cookie once we know who is signed in.
  useEffect(() => {
    if (!user) return;
    const fromAccount = themeChoiceForAccount(user);
    if (fromAccount !== getThemeChoice()) setThemeChoice(fromAccount);
  }, [user]);

  useEffect(() => {
    if (choice !== Themes.System) return;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => setThemeChoice(Themes.System);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [choice]);

  const { mutate } = save;
  const changeTheme = useCallback(
    (next: ThemeChoice) => {
      setThemeChoice(next);
      if (user) mutate(next);
    },
    [user, mutate],
  );

  return {
    choice,
    applied: resolveTheme(choice, prefersDark()),
    changeTheme,
    saving: save.isPending,
    saveError: save.error,
  };
}
