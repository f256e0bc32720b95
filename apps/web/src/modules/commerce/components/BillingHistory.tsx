import type { BillingEntry } from '@coderoom/contracts';
import { formatDate, LedgerEntryKind } from '@coderoom/domain';
import { FormMessage } from '../../../ui/FormMessage';
import { useBillingHistory } from '../api/useBillingHistory';
import { formatUsd } from '../utils/formatUsd';

const KIND_LABEL: Record<BillingEntry['entry_kind'], string> = {
  [LedgerEntryKind.Charge]: 'Payment',
  [LedgerEntryKind.Refund]: 'Refund',
  [LedgerEntryKind.Chargeback]: 'Chargeback',
};

/** Every charge, refund and chargeback on the account, newest first, each with a PDF to download. */
export function BillingHistory() {
  const history = useBillingHistory();
  if (history.isPending) return <p className="muted">Loading your billing history…</p>;
  if (history.isError) return <FormMessage tone="error">{history.error.message}</FormMessage>;
  if (history.data.entries.length === 0) return <p>No payments yet.</p>;
  return (
    <div className="table-scroll">
      <table className="billing-table">
        <caption className="visually-hidden">Payments, refunds and chargebacks</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col">Amount</th>
            <th scope="col">PDF</th>
          </tr>
        </thead>
        <tbody>
          {history.data.entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDate(new Date(entry.created_at))}</td>
              <td>
                <span className="billing-kind">{KIND_LABEL[entry.entry_kind]}</span> {entry.description}
                {entry.last_4 ? (
                  <span className="muted small billing-card"> · card ending in {entry.last_4}</span>
                ) : null}
              </td>
              <td className="billing-amount">
                {entry.amount_usd < 0 ? `−${formatUsd(-entry.amount_usd)}` : formatUsd(entry.amount_usd)}
              </td>
              <td>
                <a href={entry.invoice_url} download aria-label={`Download invoice CR-${entry.id} (PDF)`}>
                  Invoice
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
