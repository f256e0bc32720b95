import type { AppliedCoupon } from '@coderoom/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';

interface CouponFieldProps {
  applied: AppliedCoupon | null;
  /** A coupon purchase names its coupon in the address: it cannot be removed here. */
  locked: boolean;
  /** Asks the server for the order with this code; rejects with the refusal (expired, used up…). */
  onApply: (code: string) => Promise<void>;
  onRemove: () => void;
}

/** The checkout's coupon field: the code, Apply, and the server's reason when it does not apply. */
export function CouponField({ applied, locked, onApply, onRemove }: CouponFieldProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter a coupon code.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onApply(code.trim());
      setCode('');
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.errors.coupon_code ?? failure.errorText)
          : 'The coupon could not be checked. Please try again.',
      );
    } finally {
      setPending(false);
    }
  }

  if (applied) {
    return (
      <div className="coupon-applied">
        <p role="status">
          Coupon <strong>{applied.coupon_code}</strong> applied: {applied.description}
        </p>
        {locked ? null : (
          <Button variant="ghost" onClick={onRemove}>
            Remove coupon
          </Button>
        )}
      </div>
    );
  }
  return (
    <form className="coupon-form" onSubmit={apply} aria-label="Coupon" noValidate>
      <TextField
        label="Coupon code"
        autoComplete="off"
        autoCapitalize="characters"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <Button type="submit" variant="secondary" busy={pending}>
        Apply
      </Button>
    </form>
  );
}
