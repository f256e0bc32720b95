import '../modules/account/account.css';
import { SidebarKind, ThemeChoice } from '@coderoom/domain';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfirmEmailChange } from '../modules/account/api/useConfirmEmailChange';
import { DataSettings } from '../modules/account/components/DataSettings';
import { EmailSettings } from '../modules/account/components/EmailSettings';
import { NotificationSettings } from '../modules/account/components/NotificationSettings';
import { ProfileSettings } from '../modules/account/components/ProfileSettings';
import { TeachingSettings } from '../modules/account/components/TeachingSettings';
import { SlackLink } from '../modules/organizations/components/SlackLink';
import { PasswordChangeForm } from '../modules/session/components/PasswordChangeForm';
import { RequireUser } from '../modules/session/components/RequireUser';
import { TwoFactorSettings } from '../modules/session/components/TwoFactorSettings';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { useTheme } from '../modules/theme/useTheme';
import { CollapsibleSidebar } from '../ui/CollapsibleSidebar';
import { FormMessage } from '../ui/FormMessage';

const THEME_OPTIONS: { value: ThemeChoice; label: string; hint: string }[] = [
  { value: ThemeChoice.Light, label: 'Light', hint: 'Dark text on a light background.' },
  { value: ThemeChoice.Dark, label: 'Dark', hint: 'Easier on the eyes at night.' },
  { value: ThemeChoice.System, label: 'Use system preference', hint: 'Follows your operating system.' },
];

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'email', label: 'E-mail address' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'teaching', label: 'Teaching' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'security', label: 'Two-factor authentication' },
  { id: 'password', label: 'Password' },
  { id: 'data', label: 'Your data' },
] as const;
/** Shown to members of an organization: their own Slack link (docs/organizations.md, "Slack"). */
const INTEGRATIONS_SECTION = { id: 'integrations', label: 'Slack' } as const;

/** The link mailed to a new address lands here as ?email_token=…; it is confirmed once, then dropped. */
function useEmailTokenFromLink() {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmEmailChange();
  const token = params.get('email_token');
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token, {
      onSettled: () => {
        setParams({}, { replace: true });
        document.getElementById('email')?.scrollIntoView();
      },
    });
  }, [token, confirm, setParams]);
  if (confirm.isPending) return <FormMessage tone="info">Confirming your new e-mail address…</FormMessage>;
  if (confirm.isSuccess) {
    return (
      <FormMessage tone="success">
        Done: your account now uses {confirm.data.email}. We told your old address about the change.
      </FormMessage>
    );
  }
  if (confirm.error) return <FormMessage tone="error">{confirm.error.message}</FormMessage>;
  return null;
}

function Settings() {
  usePageTitle('Settings');
  const { data: user } = useUserInfo();
  const { choice, changeTheme, saving, saveError } = useTheme();
  const confirmation = useEmailTokenFromLink();
  if (!user) return null;
  const organizationId = user.enterprise.active_organization_id;
  const sections = organizationId === null ? SECTIONS : [...SECTIONS, INTEGRATIONS_SECTION];
  return (
    <div className="with-sidebar">
      <CollapsibleSidebar kind={SidebarKind.Profile} label="Settings sections">
        <nav aria-label="Settings sections" className="side-nav">
          {sections.map((section) => (
            <a key={section.id} href={`#${section.id}`}>
              {section.label}
            </a>
          ))}
          <Link to="/settings/billing">Billing and subscription</Link>
        </nav>
      </CollapsibleSidebar>
      <main id="main" className="page">
        <header className="page-header">
          <h1>Settings</h1>
          <p className="muted">
            Signed in as <strong>{user.email}</strong>
          </p>
        </header>
        <section id="profile" className="card section" aria-labelledby="profile-heading">
          <h2 id="profile-heading">Profile</h2>
          <ProfileSettings user={user} />
        </section>
        <section id="email" className="card section" aria-labelledby="email-heading">
          <h2 id="email-heading">E-mail address</h2>
          <EmailSettings user={user} confirmation={confirmation} />
        </section>
        <section id="notifications" className="card section" aria-labelledby="notifications-heading">
          <h2 id="notifications-heading">Notifications</h2>
          <NotificationSettings />
        </section>
        <section id="teaching" className="card section" aria-labelledby="teaching-heading">
          <h2 id="teaching-heading">Teaching</h2>
          <TeachingSettings user={user} />
        </section>
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
        <section id="data" className="card section" aria-labelledby="data-heading">
          <h2 id="data-heading">Your data</h2>
          <DataSettings user={user} />
        </section>
        {organizationId !== null && (
          <section id="integrations" className="card section" aria-labelledby="integrations-heading">
            <h2 id="integrations-heading">Slack</h2>
            <SlackLink organizationId={organizationId} />
          </section>
        )}
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
