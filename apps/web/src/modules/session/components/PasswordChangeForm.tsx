import { PASSWORD_RULE_HINT, validatePassword } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { useChangePassword } from '../hooks/useSessionMutations';

export function PasswordChangeForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePassword(next, 'New password');
    setErrors({ new_password: invalid });
    if (invalid) return;
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.errors);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="stack" noValidate>
      {change.isSuccess && (
        <FormMessage tone="success">Password changed. Other devices have been signed out.</FormMessage>
      )}
      {change.error && !(change.error instanceof ApiError && Object.keys(change.error.errors).length > 0) && (
        <FormMessage tone="error">{change.error.message}</FormMessage>
      )}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={errors.current_password}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={errors.new_password}
        hint={PASSWORD_RULE_HINT}
      />
      <Button type="submit" busy={change.isPending}>
        Change password
      </Button>
    </form>
  );
}
