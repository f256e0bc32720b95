import '../modules/growth/growth.css';
import { formatUsd } from '../modules/commerce/utils/formatUsd';
import { useRevenueSummary } from '../modules/growth/api/useRevenueSummary';
import { LoadFailure } from '../modules/growth/components/LoadFailure';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);

function Revenue() {
  usePageTitle('Revenue');
  const { data, isPending, isError, error, refetch } = useRevenueSummary();
  return (
    <main id="main" className="page growth-page">
      <header className="page-header">
        <h1>Revenue</h1>
        <p className="lead">From the subscriptions and the ledger as they stand now.</p>
      </header>
      {isPending ? (
        <p role="status" className="muted">
          Loading revenue…
        </p>
      ) : isError ? (
        <LoadFailure what="Revenue" error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <section className="card growth-section" aria-labelledby="revenue-figures-heading">
            <h2 id="revenue-figures-heading">Now and the last 30 days</h2>
            <dl className="growth-figures">
              <div>
                <dt>Monthly recurring revenue</dt>
                <dd>{formatUsd(data.mrr_usd)}</dd>
              </div>
              <div>
                <dt>Active subscriptions</dt>
                <dd>{data.active_subscriptions}</dd>
              </div>
              <div>
                <dt>Net revenue, last 30 days</dt>
                <dd>{formatUsd(data.net_revenue_30d_usd)}</dd>
              </div>
              <div>
                <dt>Trials converting</dt>
                <dd>{percent(data.trials.conversion_rate)}</dd>
              </div>
              <div>
                <dt>Churn, last {data.churn.window_days} days</dt>
                <dd>{percent(data.churn.churn_rate)}</dd>
              </div>
            </dl>
          </section>
          <section className="card growth-section" aria-labelledby="revenue-plans-heading">
            <h2 id="revenue-plans-heading">Active subscriptions by plan</h2>
            {data.by_plan.length === 0 ? (
              <p className="muted">No paid subscription is active.</p>
            ) : (
              <div className="growth-table-wrap">
                <table className="growth-table">
                  <thead>
                    <tr>
                      <th scope="col">Plan</th>
                      <th scope="col" className="number">
                        Active
                      </th>
                      <th scope="col" className="number">
                        MRR
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.by_plan.map((plan) => (
                      <tr key={plan.plan_key}>
                        <th scope="row">
                          {plan.title} <span className="muted">{plan.plan_key}</span>
                        </th>
                        <td className="number">{plan.active}</td>
                        <td className="number">{formatUsd(plan.mrr_usd)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section className="card growth-section" aria-labelledby="revenue-trials-heading">
            <h2 id="revenue-trials-heading">Trials and churn</h2>
            <dl className="growth-figures">
              <div>
                <dt>Trials started</dt>
                <dd>{data.trials.started}</dd>
              </div>
              <div>
                <dt>Trials running</dt>
                <dd>{data.trials.active}</dd>
              </div>
              <div>
                <dt>Trials converted</dt>
                <dd>{data.trials.converted}</dd>
              </div>
              <div>
                <dt>Customers at the start of the window</dt>
                <dd>{data.churn.active_at_start}</dd>
              </div>
              <div>
                <dt>Customers lost since</dt>
                <dd>{data.churn.churned}</dd>
              </div>
            </dl>
          </section>
        </>
      )}
    </main>
  );
}

/** /admin/revenue: platform administrators only; the server refuses anyone else. */
export function AdminRevenuePage() {
  return (
    <RequireUser>
      <Revenue />
    </RequireUser>
  );
}
