import { validateEmail } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { usePasswordResetRequest } from '../modules/session/hooks/useSessionMutations';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { TextField } from '../ui/TextField';

export function PasswordResetPage() {
  usePageTitle('Reset your password');
  const request = usePasswordResetRequest();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateEmail(email);
    setError(invalid);
    if (!invalid) request.mutate(email);
  };

  return (
    <main id="main" className="auth-page">
      <form className="card auth-card" onSubmit={onSubmit} noValidate>
        <h1>Reset your password</h1>
        {request.isSuccess ? (
          <FormMessage tone="success">
            If an account exists for {email}, we have sent it a link to choose a new password. The link works
            for one hour.
          </FormMessage>
        ) : (
          <>
            <p className="muted">
              Enter your account's e-mail and we will send you a link to choose a new password.
            </p>
            {request.error && <FormMessage tone="error">{request.error.message}</FormMessage>}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={error}
              autoFocus
            />
            <Button type="submit" busy={request.isPending} className="btn-block">
              Send reset link
            </Button>
          </>
        )}
        <div className="auth-links">
          <Link to="/login">Back to log in</Link>
        </div>
      </form>
    </main>
  );
}
