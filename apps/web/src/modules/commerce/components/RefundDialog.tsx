import type { AdminPayment } from '@coderoom/contracts';
import { REFUND_REASON_MAX } from '@coderoom/domain';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormMessage } from '../../../ui/FormMessage';
import { TextField } from '../../../ui/TextField';
import { ApiError } from '../../api/ApiError';
import { useAdminRefund } from '../api/useAdminRefund';
import { formatUsd } from '../utils/formatUsd';

const newRequestId = () => crypto.randomUUID();

/**
 * Refund all or part of a payment, asked twice: the form, then "Refund $x to …?" before it is sent. The
 * request id is made when the form opens and kept while the same refund is retried, so a double click or
 * a retried call is one refund on the server.
 */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const refund = useAdminRefund(payment.payment_id);
  const [amount, setAmount] = useState(payment.refundable_usd.toFixed(2));
  const [reason, setReason] = useState('');
  const [revoke, setRevoke] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [localError, setLocalError] = useState<string | null>(null);

  const amountUsd = Number(amount);
  const full = Math.round(amountUsd * 100) === Math.round(payment.refundable_usd * 100);
  const serverErrors = refund.error instanceof ApiError ? refund.error.errors : {};

  function review() {
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || amountUsd <= 0) {
      setLocalError('Enter an amount in dollars and cents, more than $0.00.');
      return;
    }
    if (amountUsd > payment.refundable_usd) {
      setLocalError(`At most ${formatUsd(payment.refundable_usd)} is left to refund.`);
      return;
    }
    if (reason.trim() === '') {
      setLocalError('Give a reason for the refund.');
      return;
    }
    setLocalError(null);
    setConfirming(true);
  }

  function send() {
    refund.mutate(
      {
        request_id: requestId,
        amount_usd: amountUsd,
        reason: reason.trim(),
        revoke_access: revoke || undefined,
      },
      {
        onSuccess: () => onClose(),
        // A refused refund changed nothing: the next press is a new request.
        onError: () => {
          setRequestId(newRequestId());
          setConfirming(false);
        },
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !refund.isPending) onClose();
      }}
      title={confirming ? `Refund ${formatUsd(amountUsd)}?` : 'Refund this payment'}
      description={
        confirming
          ? `${formatUsd(amountUsd)} goes back to ${payment.email ?? `user ${payment.user_id}`} for “${payment.item_title}”. ${
              full || revoke ? 'Their access to it ends now.' : 'Their access stays.'
            } This cannot be undone.`
          : `${payment.item_title}: ${formatUsd(payment.refundable_usd)} of ${formatUsd(payment.charged_usd)} can be refunded.`
      }
    >
      {confirming ? (
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={refund.isPending}>
            Back
          </Button>
          <Button variant="danger" busy={refund.isPending} onClick={send}>
            Refund {formatUsd(amountUsd)}
          </Button>
        </div>
      ) : (
        <form
          className="refund-form"
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          <TextField
            label="Amount (USD)"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={serverErrors.amount_usd ?? null}
            hint="The whole remainder refunds everything and ends access."
          />
          <div className="field">
            <label htmlFor="refund-reason">Reason</label>
            <textarea
              id="refund-reason"
              rows={3}
              maxLength={REFUND_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <label className="checkbox-row">
            <input type="checkbox" checked={revoke} onChange={(event) => setRevoke(event.target.checked)} />
            End access even if the refund is partial
          </label>
          {localError ? <FormMessage tone="error">{localError}</FormMessage> : null}
          {refund.isError ? <FormMessage tone="error">{refund.error.message}</FormMessage> : null}
          <div className="dialog-actions">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="danger">
              Review refund
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
