import { mustMatch, PASSWORD_RULE_HINT, postLoginHome, validatePassword } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePasswordResetConfirm } from '../modules/session/hooks/useSessionMutations';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { TextField } from '../ui/TextField';

export function NewPasswordPage() {
  usePageTitle('Choose a new password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = usePasswordResetConfirm();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
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
      { token, password },
      { onSuccess: (user) => navigate(postLoginHome(user), { replace: true }) },
    );
  };

  return (
    <main id="main" className="auth-page">
      <form className="card auth-card" onSubmit={onSubmit} noValidate>
        <h1>Choose a new password</h1>
        {confirm.error && (
          <FormMessage tone="error">
            {confirm.error.message} <Link to="/password-reset">Request a new link</Link>
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
        <Button type="submit" busy={confirm.isPending} className="btn-block">
          Save and log in
        </Button>
      </form>
    </main>
  );
}
