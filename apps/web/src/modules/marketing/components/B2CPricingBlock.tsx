import type { EditorPageWidgetOf } from '@coderoom/contracts';
import { planCheckoutType } from '@coderoom/domain';
import { Link } from 'react-router';
import { usePlans } from '../../commerce/api/usePlans';
import { PlanPrice } from '../../commerce/components/PlanPrice';
import { useUserInfo } from '../../session/hooks/useUserInfo';

/** The individual plans of one term, straight from the commerce catalogue, each opening its checkout. */
export function B2CPricingBlock({ widget }: { widget: EditorPageWidgetOf<'B2CPricing'> }) {
  const { heading, text, validity_months } = widget.content;
  const plans = usePlans();
  const { data: user } = useUserInfo();
  const type = planCheckoutType(Boolean(user?.is_user_subscribed), false);
  const shown = plans.data?.plans.filter((plan) => plan.validity_months === validity_months) ?? [];
  return (
    <section className="mk-block mk-pricing" aria-busy={plans.isPending}>
      <h2>{heading}</h2>
      {text ? <p className="mk-lead">{text}</p> : null}
      {plans.isPending ? (
        <p className="muted mk-pricing-slot" role="status">
          Loading the plans…
        </p>
      ) : plans.isError ? (
        <p role="alert">The plans could not be loaded. Reload the page to try again.</p>
      ) : shown.length === 0 ? (
        <p className="muted">No plans are on sale for this term at the moment.</p>
      ) : (
        <ul className="mk-price-list">
          {shown.map((plan) => (
            <li key={plan.plan_key} className="card mk-price-card">
              <h3 id={`mk-plan-${plan.plan_key}`}>{plan.feature_set_name}</h3>
              <PlanPrice plan={plan} />
              <Link
                className="btn btn-primary"
                to={`/checkout/${type}?plan=${plan.plan_key}`}
                aria-describedby={`mk-plan-${plan.plan_key}`}
              >
                Choose {plan.feature_set_name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
