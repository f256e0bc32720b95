import '../modules/growth/growth.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminPayments } from '../modules/commerce/api/useAdminPayments';
import { AdminPaymentLedger } from '../modules/commerce/components/AdminPaymentLedger';
import { formatUsd } from '../modules/commerce/utils/formatUsd';
import { LoadFailure } from '../modules/growth/components/LoadFailure';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

function Refunds() {
  usePageTitle('Refunds');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const selected = params.get('payment');
  const [draft, setDraft] = useState(query);
  const found = useAdminPayments(query);
  const open = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  return (
    <main id="main" className="page growth-page">
      <header className="page-header">
        <h1>Refunds</h1>
        <p className="lead">Find a payment by the learner’s e-mail address or its payment id.</p>
      </header>
      <form
        className="card growth-section refund-search"
        aria-label="Find payments"
        onSubmit={(event) => {
          event.preventDefault();
          open({ q: draft.trim(), payment: null });
        }}
      >
        <TextField
          label="E-mail address or payment id"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          minLength={3}
          required
        />
        <div>
          <Button type="submit">Find payments</Button>
        </div>
      </form>
      {query.length < 3 ? null : found.isPending ? (
        <p role="status">Searching…</p>
      ) : found.isError ? (
        <LoadFailure what="Payments" error={found.error} onRetry={() => void found.refetch()} />
      ) : found.data.payments.length === 0 ? (
        <p className="muted" role="status">
          No payment matches “{query}”.
        </p>
      ) : (
        <section className="card growth-section" aria-labelledby="payments-heading">
          <h2 id="payments-heading">Payments</h2>
          <div className="growth-table-wrap">
            <table className="growth-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Item</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="number">
                    Charged
                  </th>
                  <th scope="col" className="number">
                    Refundable
                  </th>
                </tr>
              </thead>
              <tbody>
                {found.data.payments.map((payment) => (
                  <tr key={payment.payment_id} aria-current={payment.payment_id === selected || undefined}>
                    <td>{day(payment.created_at)}</td>
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => open({ payment: payment.payment_id })}
                      >
                        {payment.item_title}
                      </button>
                      <span className="muted"> {payment.email}</span>
                    </td>
                    <td>{payment.status}</td>
                    <td className="number">{formatUsd(payment.charged_usd)}</td>
                    <td className="number">{formatUsd(payment.refundable_usd)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {selected ? <AdminPaymentLedger key={selected} paymentId={selected} /> : null}
    </main>
  );
}

/** /admin/refunds: super administrators only; the server refuses anyone else. */
export function AdminRefundsPage() {
  return (
    <RequireUser>
      <Refunds />
    </RequireUser>
  );
}
