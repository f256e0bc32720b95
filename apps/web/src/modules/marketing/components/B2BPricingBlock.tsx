import type { EditorPageWidgetOf } from '@coderoom/contracts';
import { useId, useState } from 'react';
import { usePlans } from '../../commerce/api/usePlans';
import { formatUsd } from '../../commerce/utils/formatUsd';
import { BUSINESS_TIERS, seatPlanFor, yearlyTotal } from '../utils/businessTiers';
import { CtaLink } from './CtaLink';

const MIN_SEATS = 2;
const MAX_SEATS = 500;

/** Team tiers priced per seat from the commerce catalogue, with a seat count that updates the totals. */
export function B2BPricingBlock({ widget }: { widget: EditorPageWidgetOf<'B2BPricing'> }) {
  const { heading, text, default_seats, contact_href } = widget.content;
  const plans = usePlans();
  const [seats, setSeats] = useState(default_seats);
  const seatsId = useId();
  const valid = Number.isInteger(seats) && seats >= MIN_SEATS && seats <= MAX_SEATS;
  return (
    <section className="mk-block mk-pricing mk-b2b" aria-busy={plans.isPending}>
      <h2>{heading}</h2>
      {text ? <p className="mk-lead">{text}</p> : null}
      <div className="field mk-seats">
        <label htmlFor={seatsId}>Seats</label>
        <input
          id={seatsId}
          type="number"
          inputMode="numeric"
          min={MIN_SEATS}
          max={MAX_SEATS}
          value={Number.isNaN(seats) ? '' : seats}
          onChange={(event) => setSeats(event.target.valueAsNumber)}
          aria-describedby={`${seatsId}-hint`}
        />
        <p className="field-hint" id={`${seatsId}-hint`}>
          {valid ? 'Billed yearly per seat.' : `Choose between ${MIN_SEATS} and ${MAX_SEATS} seats.`}
        </p>
      </div>
      {plans.isPending ? (
        <p className="muted mk-pricing-slot" role="status">
          Loading the plans…
        </p>
      ) : plans.isError ? (
        <p role="alert">The plans could not be loaded. Reload the page to try again.</p>
      ) : (
        <ul className="mk-price-list">
          {BUSINESS_TIERS.map((tier) => {
            const plan = seatPlanFor(plans.data.plans, tier);
            return (
              <li key={tier.name} className="card mk-price-card">
                <h3>{tier.name}</h3>
                <p className="muted">{tier.summary}</p>
                {plan ? (
                  <>
                    <p className="mk-seat-price">
                      <strong>{formatUsd(plan.monthly_discounted_price)}</strong>
                      <span className="muted"> per seat / month</span>
                    </p>
                    <p className="mk-total" aria-live="polite">
                      {valid ? `${formatUsd(yearlyTotal(plan, seats))} a year for ${seats} seats` : '—'}
                    </p>
                  </>
                ) : (
                  <p className="muted">Priced on request</p>
                )}
                <ul className="mk-points">
                  {tier.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
                <CtaLink href={contact_href} label={`Talk to sales about ${tier.name}`} variant="primary" />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
