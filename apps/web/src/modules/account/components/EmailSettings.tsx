import type { UserInfo } from '@coderoom/contracts';
import { formatDate, validateEmail } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { useEmailChange } from '../api/useEmailChange';
import { useRequestEmailChange } from '../api/useRequestEmailChange';

/** A new address is used only after the link mailed to it is opened; the old address is told. */
export function EmailSettings({ user, confirmation }: { user: UserInfo; confirmation: React.ReactNode }) {
  const status = useEmailChange();
  const request = useRequestEmailChange();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const emailError = validateEmail(newEmail);
    setErrors({ new_email: emailError, password: password ? null : "Password can't be blank." });
    if (emailError || !password) return;
    request.mutate(
      { new_email: newEmail, password },
      {
        onSuccess: () => {
          setNewEmail('');
          setPassword('');
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.errors);
        },
      },
    );
  };

  const pending = status.data?.pending_email;
  const generalError =
    request.error && !(request.error instanceof ApiError && Object.keys(request.error.errors).length > 0)
      ? request.error.message
      : null;
  return (
    <div className="stack">
      {confirmation}
      <p>
        Your e-mail address is <strong>{user.email}</strong>.
      </p>
      {pending && (
        <FormMessage tone="info">
          We sent a confirmation link to <strong>{pending}</strong>. Open it while signed in to switch to that
          address
          {status.data?.expires_at ? ` (valid until ${formatDate(new Date(status.data.expires_at))})` : ''}.
          Until then you keep using {user.email}.
        </FormMessage>
      )}
      {generalError && <FormMessage tone="error">{generalError}</FormMessage>}
      <form className="stack" onSubmit={onSubmit} noValidate>
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          error={errors.new_email}
        />
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint="We ask for it so nobody else can move your account to their address."
        />
        <div>
          <Button type="submit" busy={request.isPending}>
            Send confirmation link
          </Button>
        </div>
      </form>
    </div>
  );
}
