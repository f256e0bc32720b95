import type { Plan } from '@coderoom/contracts';
import { formatUsd } from '../utils/formatUsd';

/** A plan's monthly price, its list price and discount when there is one, and what the term bills. */
export function PlanPrice({ plan }: { plan: Plan }) {
  const discounted = plan.discount_percent > 0;
  return (
    <div className="plan-price">
      <p className="plan-price-monthly">
        <strong>{formatUsd(plan.monthly_discounted_price)}</strong>
        <span className="muted"> / month</span>
        {discounted ? (
          <>
            {' '}
            <span className="visually-hidden">instead of</span>{' '}
            <s className="muted">{formatUsd(plan.monthly_price_usd)}</s>{' '}
            <span className="badge badge-success">Save {plan.discount_percent}%</span>
          </>
        ) : null}
      </p>
      <p className="muted plan-price-billed">
        {plan.validity_months === 1
          ? `Billed ${formatUsd(plan.price_usd)} every month`
          : `Billed ${formatUsd(plan.price_usd)} every ${plan.validity_months} months`}
      </p>
    </div>
  );
}
