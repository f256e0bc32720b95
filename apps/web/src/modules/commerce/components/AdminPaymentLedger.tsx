import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { useAdminPayment } from '../api/useAdminPayment';
import { formatUsd } from '../utils/formatUsd';
import { RefundDialog } from './RefundDialog';

const KIND_NAMES = { charge: 'Charge', refund: 'Refund', chargeback: 'Chargeback' } as const;
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One payment: its figures, its ledger rows, and the refund button. */
export function AdminPaymentLedger({ paymentId }: { paymentId: string }) {
  const { data, isPending, isError, error } = useAdminPayment(paymentId);
  const [refunding, setRefunding] = useState(false);
  if (isPending) return <p role="status">Loading the payment…</p>;
  if (isError) return <p role="alert">{error.message}</p>;
  const { payment, ledger } = data;
  return (
    <section className="card growth-section" aria-labelledby="payment-heading">
      <h2 id="payment-heading">
        {payment.item_title} <span className="muted">{payment.payment_id}</span>
      </h2>
      <dl className="growth-figures">
        <div>
          <dt>Learner</dt>
          <dd className="refund-learner">{payment.email ?? `Deleted account ${payment.user_id}`}</dd>
        </div>
        <div>
          <dt>Charged</dt>
          <dd>{formatUsd(payment.charged_usd)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{formatUsd(payment.refunded_usd)}</dd>
        </div>
        <div>
          <dt>Refundable</dt>
          <dd>{formatUsd(payment.refundable_usd)}</dd>
        </div>
      </dl>
      <div className="growth-table-wrap">
        <table className="growth-table">
          <caption className="visually-hidden">Ledger rows of this payment</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Kind</th>
              <th scope="col">Reason</th>
              <th scope="col" className="number">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((row) => (
              <tr key={row.id}>
                <td>{when(row.created_at)}</td>
                <td>{KIND_NAMES[row.entry_kind]}</td>
                <td>{row.reason ?? '—'}</td>
                <td className="number">{formatUsd(row.amount_usd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Button variant="danger" disabled={payment.refundable_usd <= 0} onClick={() => setRefunding(true)}>
          {payment.refundable_usd > 0 ? 'Refund…' : 'Nothing left to refund'}
        </Button>
      </div>
      {refunding ? <RefundDialog payment={payment} onClose={() => setRefunding(false)} /> : null}
    </section>
  );
}
