import {
  AccountMessages,
  postLoginHome,
  SSO_FAILURE_TEXT,
  type SsoFailure,
  validateEmail,
} from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { SsoSignIn } from '../modules/session/components/SsoSignIn';
import { TotpCodeField } from '../modules/session/components/TotpCodeField';
import { useLogin } from '../modules/session/hooks/useSessionMutations';
import { useCreateQrCode, useVerifyTotp } from '../modules/session/hooks/useTwoFactor';
import { safeReturnUrl } from '../modules/session/safeReturnUrl';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';
import { TextField } from '../ui/TextField';

type Step = 'password' | 'totp' | 'qr';

export function LoginPage() {
  usePageTitle('Log in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const qrCode = useCreateQrCode();
  const verify = useVerifyTotp();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [step, setStep] = useState<Step>('password');
  const [emailError, setEmailError] = useState<string | null>(null);
  const ssoError = params.get('sso_error');
  const [message, setMessage] = useState<string | null>(
    ssoError && ssoError in SSO_FAILURE_TEXT ? SSO_FAILURE_TEXT[ssoError as SsoFailure] : null,
  );

  const finish = (user: Parameters<typeof postLoginHome>[0]) => {
    navigate(safeReturnUrl(params.get('returnUrl')) ?? postLoginHome(user), { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (step === 'qr') {
      verify.mutate(totp, { onSuccess: finish, onError: (error) => setMessage(error.message) });
      return;
    }
    const invalid = validateEmail(email);
    setEmailError(invalid);
    if (invalid) return;
    login.mutate(
      { email, password, ...(step === 'totp' ? { totp } : {}) },
      {
        onSuccess: finish,
        onError: (error) => {
          const text = error instanceof ApiError ? error.errorText : error.message;
          if (text === AccountMessages.TotpRequired) {
            setStep('totp');
          } else if (text === AccountMessages.QrCodeRequired) {
            setStep('qr');
            qrCode.mutate();
          } else {
            setMessage(text);
          }
        },
      },
    );
  };

  const busy = login.isPending || verify.isPending;
  return (
    <main id="main" className="auth-page">
      <form className="card auth-card" onSubmit={onSubmit} noValidate>
        <h1>Log in to Coderoom</h1>
        {message && <FormMessage tone="error">{message}</FormMessage>}
        {step === 'password' && (
          <>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={emailError}
              required
              autoFocus
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </>
        )}
        {step === 'totp' && (
          <>
            <FormMessage tone="info">Enter the 6-digit code from your authenticator app.</FormMessage>
            <TotpCodeField value={totp} onChange={setTotp} autoFocus />
          </>
        )}
        {step === 'qr' && (
          <>
            <FormMessage tone="info">
              Your account needs two-factor authentication. Scan this code with an authenticator app, then
              enter the 6-digit code it shows.
            </FormMessage>
            {qrCode.data ? (
              <div className="qr">
                <img
                  src={qrCode.data.qr_code}
                  width={200}
                  height={200}
                  alt="QR code for your authenticator app"
                />
                <p className="muted small">
                  Can't scan? Enter this key: <code>{qrCode.data.secret}</code>
                </p>
              </div>
            ) : (
              <PageLoading label="Loading QR code" />
            )}
            <TotpCodeField value={totp} onChange={setTotp} />
          </>
        )}
        <Button type="submit" busy={busy} className="btn-block">
          {step === 'password' ? 'Log in' : 'Verify'}
        </Button>
        <div className="auth-links">
          <Link to="/password-reset">Forgot your password?</Link>
          <span>
            New here? <Link to="/signup">Create an account</Link>
          </span>
        </div>
      </form>
      {step === 'password' && <SsoSignIn initialEmail={email} />}
    </main>
  );
}
