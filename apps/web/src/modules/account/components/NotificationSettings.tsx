import type { NotificationPreferencesResponse } from '@coderoom/contracts';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_LABELS,
  type NotificationCategory,
  type NotificationChannel,
} from '@coderoom/domain';
import { useState } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { useNotificationPreferences } from '../api/useNotificationPreferences';
import { useSaveNotificationPreferences } from '../api/useSaveNotificationPreferences';

const CHANNELS: { channel: NotificationChannel; label: string }[] = [
  { channel: 'email', label: 'E-mail' },
  { channel: 'in_app', label: 'In the app' },
];

/** One row per kind of notification, a checkbox per channel; each change is saved at once. */
export function NotificationSettings() {
  const { data, isPending, isError } = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // The boxes follow the click in the same event (React keeps a controlled box as its state says);
  // a refused save drops this copy and shows the stored preferences again.
  const [shown, setShown] = useState<NotificationPreferencesResponse['preferences'] | null>(null);
  if (isPending) return <PageLoading label="Loading your notification preferences" />;
  if (isError)
    return <FormMessage tone="error">Your preferences could not be loaded. Reload to try again.</FormMessage>;

  const preferences = shown ?? data.preferences;
  const toggle = (category: NotificationCategory, channel: NotificationChannel, value: boolean) => {
    const choice = { ...preferences[category], [channel]: value };
    setShown({ ...preferences, [category]: choice });
    save.save({ preferences: { [category]: choice } }, () => setShown(null));
  };
  return (
    <div className="stack">
      <table className="notification-table">
        <caption className="visually-hidden">Notifications by kind and channel</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            {CHANNELS.map(({ channel, label }) => (
              <th key={channel} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_CATEGORIES.map((category) => (
            <tr key={category}>
              <th scope="row">
                <strong>{NOTIFICATION_LABELS[category].label}</strong>
                <span className="muted small">{NOTIFICATION_LABELS[category].hint}</span>
              </th>
              {CHANNELS.map(({ channel, label }) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    className="checkbox-target"
                    aria-label={`${NOTIFICATION_LABELS[category].label} by ${label.toLowerCase()}`}
                    checked={preferences[category][channel]}
                    onChange={(event) => toggle(category, channel, event.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small" aria-live="polite">
        {save.isPending
          ? 'Saving…'
          : save.isError
            ? `Could not save: ${save.error.message}`
            : 'Security e-mails (sign-in, e-mail and password changes) are always sent.'}
      </p>
    </div>
  );
}
