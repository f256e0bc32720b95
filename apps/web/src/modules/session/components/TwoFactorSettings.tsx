import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useCreateQrCode, useDisableTwoFactor, useVerifyTotp } from '../hooks/useTwoFactor';
import { useUserInfo } from '../hooks/useUserInfo';
import { QrCodeImage } from './QrCodeImage';
import { TotpCodeField } from './TotpCodeField';

/** Turning app-based two-factor on (QR code + first code) and off (current code). */
export function TwoFactorSettings() {
  const { data: user } = useUserInfo();
  const qrCode = useCreateQrCode();
  const verify = useVerifyTotp();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');

  if (!user) return null;
  const enabled = user.two_factor_via_app;

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code, { onSuccess: () => setCode('') });
  };
  const onDisable = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(code, { onSuccess: () => setCode('') });
  };
  const codeField = <TotpCodeField label="6-digit code from your app" value={code} onChange={setCode} />;

  if (enabled) {
    return (
      <form onSubmit={onDisable} className="stack">
        <FormMessage tone="success">
          Two-factor authentication is on. Each login asks for a code from your app.
        </FormMessage>
        {disable.error && <FormMessage tone="error">{disable.error.message}</FormMessage>}
        {codeField}
        <Button type="submit" variant="danger" busy={disable.isPending}>
          Turn off two-factor authentication
        </Button>
      </form>
    );
  }

  if (!qrCode.data) {
    return (
      <div className="stack">
        <p className="muted">Protect your account with a code from an authenticator app at every login.</p>
        {qrCode.error && <FormMessage tone="error">{qrCode.error.message}</FormMessage>}
        <Button onClick={() => qrCode.mutate()} busy={qrCode.isPending}>
          Set up two-factor authentication
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onVerify} className="stack">
      <p>Scan this QR code with your authenticator app, then enter the code it shows.</p>
      <QrCodeImage qrCode={qrCode.data} />
      {verify.error && <FormMessage tone="error">{verify.error.message}</FormMessage>}
      {codeField}
      <Button type="submit" busy={verify.isPending}>
        Verify and turn on
      </Button>
    </form>
  );
}
