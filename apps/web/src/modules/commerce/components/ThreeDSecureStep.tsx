import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/Button';
import { formatUsd } from '../utils/formatUsd';

interface ThreeDSecureStepProps {
  total: number;
  last4: string | null;
  isPending: boolean;
  onAnswer: (approved: boolean) => void;
}

/** The card issuer's confirmation (the sandbox stands in for the bank's page). */
export function ThreeDSecureStep({ total, last4, isPending, onAnswer }: ThreeDSecureStepProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card three-d-secure" aria-labelledby="three-d-secure-title">
      <h2 id="three-d-secure-title" ref={heading} tabIndex={-1}>
        Confirm this payment with your bank
      </h2>
      <p>
        Your bank asks you to confirm a payment of {formatUsd(total)}
        {last4 ? ` with the card ending in ${last4}` : ''}. Nothing is charged until you confirm.
      </p>
      <div className="actions">
        <Button variant="primary" disabled={isPending} onClick={() => onAnswer(true)}>
          Confirm payment
        </Button>
        <Button variant="secondary" disabled={isPending} onClick={() => onAnswer(false)}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
