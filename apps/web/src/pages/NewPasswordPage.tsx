import {
  AccountMessages,
  mustMatch,
  PASSWORD_RULE_HINT,
  postLoginHome,
  validatePassword,
} from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { TotpCodeField } from '../modules/session/components/TotpCodeField';
import { usePasswordResetConfirm } from '../modules/session/hooks/useSessionMutations';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { TextField } from '../ui/TextField';

/**
 * The page a reset link opens. An account with app two-factor is asked for its code before the password
 * changes; one that must still set two-factor up is sent to log in (docs/security.md).
 */
export function NewPasswordPage() {
  usePageTitle('Choose a new password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = usePasswordResetConfirm();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [totp, setTotp] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [mustLogIn, setMustLogIn] = useState(false);
  const [errors, setErrors] = useState<{ password?: string | null; repeat?: string | null }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: validatePassword(password, 'New password'),
      repeat: mustMatch('New password', 'Repeated password', password, repeat),
    };
    setErrors(found);
    if (found.password || found.repeat) return;
    confirm.mutate(
      { token, password, ...(needsCode ? { totp } : {}) },
      {
        onSuccess: (user) => navigate(postLoginHome(user), { replace: true }),
        onError: (error) => {
          const text = error instanceof ApiError ? error.errorText : '';
          if (text === AccountMessages.TotpRequired) setNeedsCode(true);
          if (text === AccountMessages.QrCodeRequired) setMustLogIn(true);
        },
      },
    );
  };

  if (mustLogIn) {
    return (
      <main id="main" className="auth-page">
        <div className="card auth-card">
          <h1>Password saved</h1>
          <FormMessage tone="info">
            Your account needs two-factor authentication. Log in with your new password to set it up.
          </FormMessage>
          <Link className="btn btn-primary btn-block" to="/login">
            Log in
          </Link>
        </div>
      </main>
    );
  }

  const errorText = confirm.error instanceof ApiError ? confirm.error.errorText : confirm.error?.message;
  const showError = confirm.error && errorText !== AccountMessages.TotpRequired;
  return (
    <main id="main" className="auth-page">
      <form className="card auth-card" onSubmit={onSubmit} noValidate>
        <h1>Choose a new password</h1>
        {showError && (
          <FormMessage tone="error">
            {confirm.error?.message} <Link to="/password-reset">Request a new link</Link>
          </FormMessage>
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint={PASSWORD_RULE_HINT}
          autoFocus
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={errors.repeat}
        />
        {needsCode && (
          <>
            <FormMessage tone="info">
              Your account has two-factor authentication. Enter the 6-digit code from your authenticator app.
            </FormMessage>
            <TotpCodeField value={totp} onChange={setTotp} autoFocus />
          </>
        )}
        <Button type="submit" busy={confirm.isPending} className="btn-block">
          Save and log in
        </Button>
      </form>
    </main>
  );
}
