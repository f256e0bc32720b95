import type { PaymentMethod } from '@coderoom/contracts';
import {
  PaymentMessages,
  PaymentMethodDeleteWarnings,
  SubscriptionStatus,
  TRIAL_KINDS,
} from '@coderoom/domain';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormMessage } from '../../../ui/FormMessage';
import { ApiError } from '../../api/ApiError';
import { useAddPaymentMethod } from '../api/useAddPaymentMethod';
import { usePaymentMethods } from '../api/usePaymentMethods';
import { useRemovePaymentMethod } from '../api/useRemovePaymentMethod';
import { useSelectPaymentMethod } from '../api/useSelectPaymentMethod';
import { useSubscriptionsStatus } from '../api/useSubscriptionsStatus';
import { CardForm } from './CardForm';
import { currentSubscription } from './SubscriptionSettings';

const brandName = (brand: string) =>
  brand === 'card' ? 'Card' : `${brand[0]?.toUpperCase()}${brand.slice(1)}`;
const cardLabel = (method: PaymentMethod) =>
  `${brandName(method.source_card_type)} ending in ${method.last_4}`;

/** Saved cards (spec 001 §4 "Payment flow"): list, add, make the default for renewals, delete with a warning. */
export function PaymentMethodsSettings() {
  const methods = usePaymentMethods();
  const status = useSubscriptionsStatus();
  const add = useAddPaymentMethod();
  const remove = useRemovePaymentMethod();
  const select = useSelectPaymentMethod();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const current = status.data ? currentSubscription(status.data.subscriptions) : undefined;

  if (methods.isPending) return <p className="muted">Loading your payment methods…</p>;
  if (methods.isError) return <FormMessage tone="error">{methods.error.message}</FormMessage>;
  const list = methods.data.payment_methods;
  const addErrors = add.error instanceof ApiError ? add.error.errors : {};
  const addMessage = add.error && Object.keys(addErrors).length === 0 ? add.error.message : null;
  const isTrial = current !== undefined && TRIAL_KINDS.includes(current.kind);
  const renews = current !== undefined && current.status !== SubscriptionStatus.RenewalCancelled;

  return (
    <div className="stack">
      {list.length === 0 ? (
        <p>{PaymentMessages.NoPaymentMethod}</p>
      ) : (
        <ul className="payment-method-list">
          {list.map((method) => (
            <li key={method.id} className="payment-method">
              <span className="payment-method-card">
                <strong>{cardLabel(method)}</strong>
                <span className="muted small">
                  Expires {String(method.exp_month).padStart(2, '0')}/{method.exp_year}
                </span>
              </span>
              {method.is_selected ? <span className="badge">Default</span> : null}
              <span className="payment-method-actions">
                {current && !method.is_selected ? (
                  <Button
                    variant="secondary"
                    busy={select.isPending && select.variables?.paymentMethodId === method.id}
                    onClick={() =>
                      select.mutate({ subscriptionId: current.subscription_id, paymentMethodId: method.id })
                    }
                    aria-label={`Make ${cardLabel(method)} the default`}
                  >
                    Make default
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  onClick={() => setRemoving(method)}
                  aria-label={`Remove ${cardLabel(method)}`}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {select.isError && <FormMessage tone="error">{select.error.message}</FormMessage>}
      {remove.isError && <FormMessage tone="error">{remove.error.message}</FormMessage>}
      {add.isSuccess && !adding ? <FormMessage tone="success">Your card was saved.</FormMessage> : null}
      {adding ? (
        <div className="stack">
          <h3>Add a card</h3>
          {addMessage && <FormMessage tone="error">{addMessage}</FormMessage>}
          <CardForm
            total={0}
            submitLabel="Save card"
            isPending={add.isPending}
            errors={addErrors}
            onPay={(card) => add.mutate({ card }, { onSuccess: () => setAdding(false) })}
          />
          <div>
            <Button variant="ghost" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add a card
          </Button>
        </div>
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={removing ? `Remove ${cardLabel(removing)}?` : 'Remove this card?'}
        description={PaymentMessages.DeleteMethodConfirm}
      >
        {removing?.is_selected && renews ? (
          <FormMessage tone="error">
            {isTrial ? PaymentMethodDeleteWarnings.Trial : PaymentMethodDeleteWarnings.Renewal}
          </FormMessage>
        ) : null}
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Keep card
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => {
              if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
            }}
          >
            Remove card
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
