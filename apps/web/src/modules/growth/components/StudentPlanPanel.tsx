import '../growth.css';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { useUserInfo } from '../../session/hooks/useUserInfo';
import { useStudentStatus } from '../api/useStudentStatus';
import { useStudentVerification } from '../api/useStudentVerification';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/**
 * /github-students: a student proves a school e-mail address with a code mailed to it and receives the
 * free student plan (docs/growth.md "Student plan").
 */
export function StudentPlanPanel() {
  const user = useUserInfo();
  const signedIn = Boolean(user.data);
  const status = useStudentStatus(signedIn);
  const verify = useStudentVerification();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const errors = verify.error instanceof ApiError ? verify.error.errors : {};
  const generalError = verify.isError && !errors.school_email && !errors.code ? verify.error.message : null;

  let body: React.ReactNode;
  if (user.isPending || (signedIn && status.isPending)) {
    body = <p role="status">Loading…</p>;
  } else if (!signedIn) {
    body = (
      <p>
        <Link to="/login?redirect=/github-students">Sign in</Link> or{' '}
        <Link to="/signup">create a free account</Link>, then verify your school e-mail address here.
      </p>
    );
  } else if (status.data?.state === 'verified') {
    body = (
      <FormMessage tone="success">
        Verified with {status.data.school_email}. Your student plan (Premium, 12 months) is active
        {status.data.plan_expires_at ? ` until ${day(status.data.plan_expires_at)}` : ''}.
      </FormMessage>
    );
  } else {
    const pending = status.data?.state === 'pending';
    body = (
      <>
        <form
          className="student-form"
          onSubmit={(event) => {
            event.preventDefault();
            verify.mutate({ step: 'start', body: { school_email: email.trim() } });
          }}
        >
          <TextField
            label="School e-mail address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.school_email ?? null}
            hint="An address at your school or university (for example name@cs.university.edu)."
            required
          />
          <div>
            <Button type="submit" variant={pending ? 'secondary' : 'primary'} busy={verify.isPending}>
              {pending ? 'Send a new code' : 'Send confirmation code'}
            </Button>
          </div>
        </form>
        {pending ? (
          <form
            className="student-form"
            onSubmit={(event) => {
              event.preventDefault();
              verify.mutate({ step: 'confirm', body: { code: code.trim() } });
            }}
          >
            <FormMessage tone="info">
              We sent a six-digit code to {status.data?.school_email}. It is valid for 30 minutes.
            </FormMessage>
            <TextField
              label="Confirmation code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={errors.code ?? null}
              required
            />
            <div>
              <Button type="submit" busy={verify.isPending}>
                Confirm and get the student plan
              </Button>
            </div>
          </form>
        ) : null}
        {generalError ? <FormMessage tone="error">{generalError}</FormMessage> : null}
      </>
    );
  }

  return (
    <section className="card growth-section" aria-labelledby="student-plan-heading">
      <h2 id="student-plan-heading">Free student plan</h2>
      <p>
        Students get Premium free for 12 months: every course of the premium tier, projects and assessments.
        Verify an e-mail address at your school; each address verifies one account, once.
      </p>
      {body}
    </section>
  );
}
