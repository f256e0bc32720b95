import '../modules/growth/growth.css';
import { Link } from 'react-router';
import { useAuthorPayouts } from '../modules/commerce/api/useAuthorPayouts';
import { PayoutMethodForm } from '../modules/commerce/components/PayoutMethodForm';
import { formatUsd } from '../modules/commerce/utils/formatUsd';
import { LoadFailure } from '../modules/growth/components/LoadFailure';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const hours = (seconds: number) => `${(seconds / 3600).toFixed(1)} h`;

function Payouts() {
  usePageTitle('Payouts');
  const { data, isPending, isError, error, refetch } = useAuthorPayouts();
  return (
    <main id="main" className="page growth-page">
      <header className="page-header">
        <h1>Payouts</h1>
        <p className="lead">
          What your priced courses earned, month by month. <Link to="/teach">Back to Teach</Link>
        </p>
      </header>
      {isPending ? (
        <p role="status" className="muted">
          Loading payouts…
        </p>
      ) : isError ? (
        <LoadFailure what="Payouts" error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <section className="card growth-section" aria-labelledby="payout-method-heading">
            <h2 id="payout-method-heading">Payout method</h2>
            <PayoutMethodForm current={data.method} />
          </section>
          <section className="card growth-section" aria-labelledby="statements-heading">
            <h2 id="statements-heading">Monthly statements</h2>
            <p className="muted">
              Each month, {data.subscription_pool_percent}% of the month’s net subscription revenue is shared
              among priced courses by the time learners spent reading them, and {data.sale_share_percent}% of
              each course’s own sales goes to its author. Statements are final once written.
            </p>
            {data.statements.length === 0 ? (
              <p className="muted">No statement yet: the first one is written after a month ends.</p>
            ) : (
              data.statements.map((statement) => (
                <article
                  key={statement.month}
                  className="payout-statement"
                  aria-labelledby={`statement-${statement.month}`}
                >
                  <h3 id={`statement-${statement.month}`}>
                    {monthName(statement.month)}: {formatUsd(statement.total_usd)}
                  </h3>
                  <p className="muted">
                    Reading share {formatUsd(statement.reading_share_usd)} of a pool of{' '}
                    {formatUsd(statement.pool_usd)} ({hours(statement.total_reading_seconds)} read on all
                    priced courses); course sales {formatUsd(statement.sales_share_usd)}.
                  </p>
                  <div className="growth-table-wrap">
                    <table className="growth-table">
                      <thead>
                        <tr>
                          <th scope="col">Course</th>
                          <th scope="col" className="number">
                            Reading
                          </th>
                          <th scope="col" className="number">
                            Reading share
                          </th>
                          <th scope="col" className="number">
                            Net sales
                          </th>
                          <th scope="col" className="number">
                            Sales share
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {statement.lines.map((line) => (
                          <tr key={line.collection_id}>
                            <th scope="row">{line.title}</th>
                            <td className="number">{hours(line.reading_seconds)}</td>
                            <td className="number">{formatUsd(line.reading_share_usd)}</td>
                            <td className="number">{formatUsd(line.sales_net_usd)}</td>
                            <td className="number">{formatUsd(line.sales_share_usd)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </article>
              ))
            )}
          </section>
        </>
      )}
    </main>
  );
}

/** /teach/payouts: the author's payout method and monthly statements. */
export function AuthorPayoutsPage() {
  return (
    <RequireUser>
      <Payouts />
    </RequireUser>
  );
}
