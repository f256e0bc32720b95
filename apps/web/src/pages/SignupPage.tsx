import {
  PASSWORD_RULE_HINT,
  postLoginHome,
  validateEmail,
  validateFullName,
  validatePassword,
} from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useReferralCheck } from '../modules/growth/api/useReferralCheck';
import { storedReferralCode } from '../modules/growth/utils/storedReferralCode';
import { useSignup } from '../modules/session/hooks/useSessionMutations';
import { safeReturnUrl } from '../modules/session/safeReturnUrl';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { TextField } from '../ui/TextField';

type Field = 'email' | 'full_name' | 'password' | 'referral_code';

export function SignupPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signup = useSignup();
  // A friend's code from the link (?ref=) or kept from an earlier page of this visit (docs/growth.md).
  const [values, setValues] = useState({
    email: '',
    full_name: '',
    password: '',
    referral_code: params.get('ref') ?? storedReferralCode() ?? '',
  });
  const referral = useReferralCheck(values.referral_code);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found = {
      email: validateEmail(values.email) ?? undefined,
      full_name: validateFullName(values.full_name) ?? undefined,
      password: validatePassword(values.password) ?? undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const { referral_code, ...account } = values;
    const code = referral_code.trim();
    signup.mutate(code ? { ...account, referral_code: code } : account, {
      // A locked lesson's gate sends its return address along: the new learner lands back on the lesson.
      onSuccess: (user) =>
        navigate(safeReturnUrl(params.get('returnUrl')) ?? postLoginHome(user), { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
        else setMessage(error.message);
      },
    });
  };

  return (
    <main id="main" className="auth-page">
      <form className="card auth-card" onSubmit={onSubmit} noValidate>
        <h1>Create your account</h1>
        <p className="muted">Free to start. Your progress follows you on every device.</p>
        {message && <FormMessage tone="error">{message}</FormMessage>}
        <TextField
          label="Full name"
          autoComplete="name"
          value={values.full_name}
          onChange={set('full_name')}
          error={errors.full_name}
          autoFocus
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={PASSWORD_RULE_HINT}
        />
        <TextField
          label="Referral code (optional)"
          autoComplete="off"
          value={values.referral_code}
          onChange={set('referral_code')}
          error={errors.referral_code}
          hint={
            referral.data?.is_valid
              ? `Invited by ${referral.data.referrer_first_name ?? 'a friend'}`
              : referral.data
                ? 'We do not know this code: check it with your friend, or leave it empty.'
                : undefined
          }
        />
        <Button type="submit" busy={signup.isPending} className="btn-block">
          Sign up
        </Button>
        <div className="auth-links">
          <span>
            Already have an account? <Link to="/login">Log in</Link>
          </span>
        </div>
      </form>
    </main>
  );
}
