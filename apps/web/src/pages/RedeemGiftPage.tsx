import '../modules/commerce/commerce.css';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRedeemGift } from '../modules/commerce/api/useRedeemGift';
import { hasLoggedInMarker } from '../modules/session/hasLoggedInMarker';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { TextField } from '../ui/TextField';

/** /redeem-gift?code=…: a signed-in receiver redeems the gift code they were e-mailed (docs/commerce.md). */
export function RedeemGiftPage() {
  usePageTitle('Redeem a gift');
  const [search] = useSearchParams();
  const [code, setCode] = useState(search.get('code') ?? '');
  const redeem = useRedeemGift();
  const returnUrl = encodeURIComponent(`/redeem-gift${code ? `?code=${encodeURIComponent(code)}` : ''}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    redeem.mutate(code);
  }

  if (!hasLoggedInMarker()) {
    return (
      <main id="main" className="page checkout-page">
        <section className="card redeem-gift" aria-labelledby="redeem-title">
          <h1 id="redeem-title">Redeem your gift</h1>
          <p>Log in, or create an account, to redeem your gift code. Your plan starts when you redeem it.</p>
          <p className="actions">
            <Link className="btn btn-primary" to={`/login?returnUrl=${returnUrl}`}>
              Log in
            </Link>
            <Link className="btn btn-secondary" to={`/signup?returnUrl=${returnUrl}`}>
              Create an account
            </Link>
          </p>
        </section>
      </main>
    );
  }
  if (redeem.isSuccess) {
    return (
      <main id="main" className="page checkout-page">
        <section className="card redeem-gift" aria-labelledby="redeem-title">
          <h1 id="redeem-title">Your gift is redeemed</h1>
          <FormMessage tone="success">
            {redeem.data.item_title} is yours from today. It runs for its term; resume its renewal in your
            billing settings if you want it to go on.
          </FormMessage>
          <p className="actions">
            <Link className="btn btn-primary" to="/explore">
              Start learning
            </Link>
            <Link className="btn btn-secondary" to="/settings/billing">
              Billing and subscription
            </Link>
          </p>
        </section>
      </main>
    );
  }
  const fieldError = redeem.error?.message ?? null;
  return (
    <main id="main" className="page checkout-page">
      <section className="card redeem-gift" aria-labelledby="redeem-title">
        <h1 id="redeem-title">Redeem your gift</h1>
        <p>Enter the code from your gift e-mail. Your plan starts when you redeem it.</p>
        <form onSubmit={submit} noValidate aria-label="Redeem a gift code">
          <TextField
            label="Gift code"
            autoComplete="off"
            placeholder="GIFT-XXXX-XXXX-XXXX"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError}
            required
          />
          <Button type="submit" variant="primary" disabled={redeem.isPending || code.trim() === ''}>
            {redeem.isPending ? 'Redeeming…' : 'Redeem gift'}
          </Button>
        </form>
      </section>
    </main>
  );
}
