import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { formatUsd } from '../utils/formatUsd';

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
}

interface CardFormProps {
  total: number;
  isPending: boolean;
  /** Field errors the server answered (number, expiry, cvc, name). */
  errors: Record<string, string>;
  onPay: (card: CardInput) => void;
  /** The submit button's text when the form saves a card rather than paying. */
  submitLabel?: string;
}

/** "MM / YY" or "MM/YYYY" → month and four-digit year; zeros when unreadable (the server says why). */
function parseExpiry(value: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return { month: 0, year: 0 };
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/**
 * The sandbox processor's card form. The number goes to our server once, for this payment, and is not
 * kept (docs/commerce.md); the test cards are listed under the form.
 */
export function CardForm({ total, isPending, errors, onPay, submitLabel }: CardFormProps) {
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const { month, year } = parseExpiry(expiry);
    onPay({ number, exp_month: month, exp_year: year, cvc, name });
  }

  return (
    <form
      className="card-form"
      onSubmit={submit}
      aria-label={submitLabel ? 'Card details' : 'Card payment'}
      noValidate
    >
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        required
      />
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={errors.number}
        required
      />
      <div className="card-form-row">
        <TextField
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          error={errors.expiry}
          required
        />
        <TextField
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={cvc}
          onChange={(event) => setCvc(event.target.value)}
          error={errors.cvc}
          required
        />
      </div>
      <Button type="submit" variant="primary" disabled={isPending}>
        {isPending
          ? submitLabel
            ? 'Saving…'
            : 'Paying…'
          : (submitLabel ?? (total === 0 ? 'Start free trial' : `Pay ${formatUsd(total)}`))}
      </Button>
      <details className="sandbox-cards">
        <summary>Sandbox test cards</summary>
        <ul>
          <li>4242 4242 4242 4242: succeeds</li>
          <li>4000 0000 0000 0002: declined</li>
          <li>4000 0000 0000 3220: asks for 3-D Secure</li>
          <li>4000 0000 0000 9995: the network is unavailable</li>
        </ul>
        <p className="muted">Any future expiry date and any three digits.</p>
      </details>
    </form>
  );
}
