import type { Plan } from '@coderoom/contracts';
import { Term, TermName } from '@coderoom/domain';
import { Link } from 'react-router';
import { PlanPrice } from './PlanPrice';

interface PlanTilesProps {
  plans: Plan[];
  term: number;
  onTermChange: (term: number) => void;
  /** The checkout page a tile opens, for its plan key. */
  checkoutUrl: (plan: Plan) => string;
  actionLabel: string;
}

const TERMS = [Term.Monthly, Term.Quarterly, Term.Annual, Term.Biennial];

/** The subscription tiles: one card per tier for the chosen term. */
export function PlanTiles({ plans, term, onTermChange, checkoutUrl, actionLabel }: PlanTilesProps) {
  const shown = plans.filter((plan) => plan.validity_months === term);
  return (
    <div className="plan-tiles">
      <fieldset className="term-switch">
        <legend>Billing term</legend>
        {TERMS.map((months) => (
          <label key={months} className={months === term ? 'is-selected' : undefined}>
            <input
              type="radio"
              name="term"
              value={months}
              checked={months === term}
              onChange={() => onTermChange(months)}
            />
            {TermName[months]}
          </label>
        ))}
      </fieldset>
      <ul className="plan-tile-list">
        {shown.map((plan) => (
          <li
            key={plan.plan_key}
            className={`card plan-tile${plan.feature_set_name === 'Premium' ? ' is-highlighted' : ''}`}
          >
            <h3 id={`plan-${plan.plan_key}`}>{plan.feature_set_name}</h3>
            <PlanPrice plan={plan} />
            <Link
              className="btn btn-primary"
              to={checkoutUrl(plan)}
              aria-describedby={`plan-${plan.plan_key}`}
            >
              {actionLabel}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
