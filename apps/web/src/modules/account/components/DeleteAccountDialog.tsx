import type { UserInfo } from '@coderoom/contracts';
import { DataRequestOutcome, DataRequestType } from '@coderoom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { USER_INFO_KEY } from '../../session/hooks/userInfoQuery';
import { useProcessDataRequest } from '../api/useProcessDataRequest';

/** Re-authentication, then the deletion; afterwards only a way out is left. */
export function DeleteAccountDialog({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  const remove = useProcessDataRequest();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    remove.mutate(
      { request_type: DataRequestType.Deletion, password, totp: user.two_factor_via_app ? totp : undefined },
      { onError: (error) => setErrors(error instanceof ApiError ? error.errors : {}) },
    );
  };

  const leave = () => {
    queryClient.clear();
    queryClient.setQueryData(USER_INFO_KEY, null);
    navigate('/', { replace: true });
  };

  if (remove.isSuccess) {
    return (
      <Dialog open title="Your account has been deleted" dismissible={false}>
        <p>
          {remove.data.outcome === DataRequestOutcome.Retain
            ? 'Your personal data is gone. The courses you wrote stay online without your name.'
            : 'Your account and your personal data are gone.'}{' '}
          We sent a last e-mail to {user.email} to confirm it.
        </p>
        <div className="dialog-actions">
          <Button onClick={leave}>Go to the home page</Button>
        </div>
      </Dialog>
    );
  }

  const generalError = remove.error && Object.keys(errors).length === 0 ? remove.error.message : null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete your account?"
      description="This cannot be undone. Enter your password to confirm it is you."
    >
      <form className="stack" onSubmit={onSubmit} noValidate>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          autoFocus
        />
        {user.two_factor_via_app && (
          <TextField
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={totp}
            onChange={(event) => setTotp(event.target.value)}
            error={errors.totp}
          />
        )}
        {generalError && <FormMessage tone="error">{generalError}</FormMessage>}
        <div className="dialog-actions">
          <Button variant="secondary" disabled={remove.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending}>
            Delete my account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
