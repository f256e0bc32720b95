import '../modules/growth/growth.css';
import { useParams } from 'react-router';
import { formatUsd } from '../modules/commerce/utils/formatUsd';
import { useAffiliateSales } from '../modules/growth/api/useAffiliateSales';
import { CopyField } from '../modules/growth/components/CopyField';
import { LoadFailure } from '../modules/growth/components/LoadFailure';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';

function AffiliateSales({ userId }: { userId: number }) {
  usePageTitle('Affiliate sales');
  const { data, isPending, isError, error, refetch } = useAffiliateSales(userId);
  return (
    <main id="main" className="page growth-page">
      <header className="page-header">
        <h1>Affiliate sales</h1>
        {data && (
          <p className="lead">
            {data.affiliate_name} earns {data.commission_percent}% of every sale their link brings in
            {data.is_active ? '' : ' (this affiliate is paused: new visits are not counted)'}.
          </p>
        )}
      </header>
      {isPending ? (
        <p role="status" className="muted">
          Loading sales…
        </p>
      ) : isError ? (
        <LoadFailure what="The sales" error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <section className="card growth-section" aria-label="Your link and totals">
            <CopyField label="Affiliate link" value={data.affiliate_link} />
            <dl className="growth-figures">
              <div>
                <dt>Visits through the link</dt>
                <dd>{data.clicks}</dd>
              </div>
              <div>
                <dt>Sign-ups</dt>
                <dd>{data.sign_ups}</dd>
              </div>
              <div>
                <dt>Sales</dt>
                <dd>{formatUsd(data.total_sales_usd)}</dd>
              </div>
              <div>
                <dt>Commission</dt>
                <dd>{formatUsd(data.total_commission_usd)}</dd>
              </div>
            </dl>
          </section>
          <section className="card growth-section" aria-labelledby="affiliate-sales-heading">
            <h2 id="affiliate-sales-heading">Sales</h2>
            {data.sales.length === 0 ? (
              <p className="muted">
                No sales yet. Sales appear here when someone who came through the link pays.
              </p>
            ) : (
              <div className="growth-table-wrap">
                <table className="growth-table">
                  <caption className="visually-hidden">
                    Sales through the affiliate link, newest first
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Item</th>
                      <th scope="col" className="number">
                        Amount
                      </th>
                      <th scope="col" className="number">
                        Commission
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.sales.map((sale) => (
                      <tr key={sale.entry_id}>
                        <td>{new Date(sale.created_at).toLocaleDateString()}</td>
                        <td>{sale.item_title}</td>
                        <td className="number">{formatUsd(sale.amount_usd)}</td>
                        <td className="number">{formatUsd(sale.commission_usd)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </main>
  );
}

/** /affiliate/{user_id}/sales (spec 001 §2): that affiliate or an administrator; the server decides. */
export function AffiliateSalesPage() {
  const { userId } = useParams();
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id <= 0) return <ErrorPage code={404} />;
  return (
    <RequireUser>
      <AffiliateSales userId={id} />
    </RequireUser>
  );
}
