import type { SsoStartResponse } from '@coderoom/contracts';
import { validateEmail } from '@coderoom/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { apiRequest } from '../../api/apiClient';
import { rememberSsoAttribution } from '../../growth/utils/attributionStore';
import { responseOf } from '../../reader/api/responseOf';

/**
 * "Sign in with SSO": the work e-mail names the organization whose identity provider signs the person in;
 * the browser goes there and comes back signed in (docs/organizations.md).
 */
export function SsoSignIn({ initialEmail }: { initialEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (address: string) =>
      apiRequest('POST', '/api/sso/start', responseOf<SsoStartResponse>(), { email: address }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateEmail(email);
    setError(invalid);
    if (invalid) return;
    start.mutate(email.trim(), {
      onSuccess: (answer) => {
        rememberSsoAttribution(Date.now());
        window.location.assign(answer.redirect_url);
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.errorText : failure.message),
    });
  };

  if (!open) {
    return (
      <div className="card auth-card sso-card">
        <Button
          variant="secondary"
          className="btn-block"
          onClick={() => {
            setEmail(initialEmail);
            setOpen(true);
          }}
        >
          Sign in with SSO
        </Button>
      </div>
    );
  }
  return (
    <form className="card auth-card sso-card" onSubmit={submit} noValidate aria-labelledby="sso-heading">
      <h2 id="sso-heading">Sign in with SSO</h2>
      <p className="muted small">Use your work e-mail: your organization's sign-in page opens next.</p>
      {error && start.isError && <FormMessage tone="error">{error}</FormMessage>}
      <TextField
        label="Work e-mail"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={start.isError ? null : error}
        required
        autoFocus
      />
      <Button type="submit" busy={start.isPending || start.isSuccess} className="btn-block">
        Continue with SSO
      </Button>
    </form>
  );
}
