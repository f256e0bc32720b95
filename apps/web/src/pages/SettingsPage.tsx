import { SidebarKind, ThemeChoice } from '@coderoom/domain';
import { PasswordChangeForm } from '../modules/session/components/PasswordChangeForm';
import { RequireUser } from '../modules/session/components/RequireUser';
import { TwoFactorSettings } from '../modules/session/components/TwoFactorSettings';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { useTheme } from '../modules/theme/useTheme';
import { CollapsibleSidebar } from '../ui/CollapsibleSidebar';

const THEME_OPTIONS: { value: ThemeChoice; label: string; hint: string }[] = [
  { value: ThemeChoice.Light, label: 'Light', hint: 'Dark text on a light background.' },
  { value: ThemeChoice.Dark, label: 'Dark', hint: 'Easier on the eyes at night.' },
  { value: ThemeChoice.System, label: 'Use system preference', hint: 'Follows your operating system.' },
];

function Settings() {
  usePageTitle('Settings');
  const { data: user } = useUserInfo();
  const { choice, changeTheme, saving, saveError } = useTheme();
  if (!user) return null;
  return (
    <div className="with-sidebar">
      <CollapsibleSidebar kind={SidebarKind.Profile} label="Settings sections">
        <nav aria-label="Settings sections" className="side-nav">
          <a href="#appearance">Appearance</a>
          <a href="#security">Two-factor authentication</a>
          <a href="#password">Password</a>
        </nav>
      </CollapsibleSidebar>
      <main id="main" className="page">
        <header className="page-header">
          <h1>Settings</h1>
          <p className="muted">
            Signed in as <strong>{user.email}</strong>
          </p>
        </header>
        <section id="appearance" className="card section" aria-labelledby="appearance-heading">
          <h2 id="appearance-heading">Appearance</h2>
          <fieldset className="choice-group">
            <legend>Theme</legend>
            {THEME_OPTIONS.map((option) => (
              <label
                key={option.value}
                className={`choice${choice === option.value ? ' choice-selected' : ''}`}
              >
                <input
                  type="radio"
                  name="theme"
                  value={option.value}
                  checked={choice === option.value}
                  onChange={() => changeTheme(option.value)}
                />
                <span>
                  <strong>{option.label}</strong>
                  <span className="muted small">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <p className="muted small" aria-live="polite">
            {saving
              ? 'Saving…'
              : saveError
                ? `Could not save: ${saveError.message}`
                : 'Saved to your account.'}
          </p>
        </section>
        <section id="security" className="card section" aria-labelledby="security-heading">
          <h2 id="security-heading">Two-factor authentication</h2>
          <TwoFactorSettings />
        </section>
        <section id="password" className="card section" aria-labelledby="password-heading">
          <h2 id="password-heading">Password</h2>
          <PasswordChangeForm />
        </section>
      </main>
    </div>
  );
}

export function SettingsPage() {
  return (
    <RequireUser>
      <Settings />
    </RequireUser>
  );
}
