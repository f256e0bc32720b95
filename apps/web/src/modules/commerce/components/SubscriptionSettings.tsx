import type { SubscriptionsStatus } from '@coderoom/contracts';
import {
  CheckoutType,
  ENTITLING_STATUSES,
  FeatureSetName,
  formatDate,
  SubscriptionStatus,
  SubscriptionStatusName,
  TermName,
  TRIAL_KINDS,
} from '@coderoom/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormMessage } from '../../../ui/FormMessage';
import { useChangeRenewal } from '../api/useChangeRenewal';
import { useSubscriptionsStatus } from '../api/useSubscriptionsStatus';
import { formatUsd } from '../utils/formatUsd';

type Subscription = SubscriptionsStatus['subscriptions'][number];

const planName = (subscription: Subscription) =>
  `${FeatureSetName[subscription.feature_set_type] ?? 'Plan'} ${TermName[subscription.validity_months] ?? ''}`.trim();

/** The subscription that still opens content, if any: the one to manage here. */
export function currentSubscription(subscriptions: Subscription[]): Subscription | undefined {
  const now = Date.now();
  return subscriptions.find(
    (subscription) =>
      (ENTITLING_STATUSES.includes(subscription.status) ||
        subscription.status === SubscriptionStatus.PastDue) &&
      (subscription.status === SubscriptionStatus.PastDue ||
        new Date(subscription.expiration_date).getTime() > now),
  );
}

/** The newest plan that ran out (expired, or ended with its renewal cancelled): it can be reactivated. */
function lastEnded(subscriptions: Subscription[]): Subscription | undefined {
  const [newest] = subscriptions;
  if (!newest) return undefined;
  const ranOut =
    newest.status === SubscriptionStatus.Expired ||
    ((newest.status === SubscriptionStatus.RenewalCancelled || newest.status === SubscriptionStatus.Active) &&
      new Date(newest.expiration_date).getTime() <= Date.now());
  return ranOut ? newest : undefined;
}

/** Cancel a plan's renewal (it runs to the end of the term) or resume it; a confirmation guards the cancel. */
export function SubscriptionSettings() {
  const status = useSubscriptionsStatus();
  const change = useChangeRenewal();
  const [confirming, setConfirming] = useState(false);
  if (status.isPending) return <p className="muted">Loading your subscription…</p>;
  if (status.isError) return <FormMessage tone="error">{status.error.message}</FormMessage>;
  const current = currentSubscription(status.data.subscriptions);
  if (!current) {
    const ended = lastEnded(status.data.subscriptions);
    return (
      <div className="stack">
        {ended ? (
          <>
            <p>
              Your {planName(ended)} plan ended on {formatDate(new Date(ended.expiration_date))}.
            </p>
            <p>
              <Link
                className="btn btn-primary"
                to={`/checkout/${CheckoutType.Reactivation}?subscription_id=${ended.subscription_id}`}
              >
                Reactivate {planName(ended)}
              </Link>
            </p>
          </>
        ) : null}
        <p>You have no subscription.</p>
        <p>
          <Link className="btn btn-primary" to="/unlimited">
            See the plans
          </Link>
        </p>
      </div>
    );
  }
  const ends = formatDate(new Date(current.expiration_date));
  const isTrial = TRIAL_KINDS.includes(current.kind);
  const cancelled = current.status === SubscriptionStatus.RenewalCancelled;
  return (
    <div className="stack">
      <dl className="subscription-summary">
        <dt>Plan</dt>
        <dd>
          {planName(current)}
          {isTrial ? ' (free trial)' : ''}
        </dd>
        <dt>Status</dt>
        <dd>{SubscriptionStatusName[current.status] ?? current.status}</dd>
        <dt>{cancelled ? 'Ends on' : isTrial ? 'First charge on' : 'Renews on'}</dt>
        <dd>{ends}</dd>
        <dt>Price</dt>
        <dd>{formatUsd(current.price_usd)}</dd>
      </dl>
      {change.isError && <FormMessage tone="error">{change.error.message}</FormMessage>}
      {cancelled ? (
        <>
          <p>Your plan will not renew. You keep access until {ends}.</p>
          <div>
            <Button
              busy={change.isPending}
              onClick={() => change.mutate({ subscriptionId: current.subscription_id, action: 'reactivate' })}
            >
              Resume subscription
            </Button>
          </div>
        </>
      ) : current.status === SubscriptionStatus.Active ? (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        </div>
      ) : (
        <>
          <FormMessage tone="error">
            Your last renewal payment failed. Add a card below and make it the default: we will try again.
          </FormMessage>
          <p>
            <Link to={`/checkout/${CheckoutType.Reactivation}?subscription_id=${current.subscription_id}`}>
              Pay now with another card
            </Link>
          </p>
        </>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description={`Your plan will not renew. You keep access to everything it includes until ${ends}, and you can resume it until then.`}
      >
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep my subscription
          </Button>
          <Button
            variant="danger"
            busy={change.isPending}
            onClick={() =>
              change.mutate(
                { subscriptionId: current.subscription_id, action: 'cancel' },
                { onSettled: () => setConfirming(false) },
              )
            }
          >
            Cancel subscription
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
