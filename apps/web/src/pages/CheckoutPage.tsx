import '../modules/commerce/commerce.css';
import type { Payment, Plan } from '@coderoom/contracts';
import {
  CheckoutMessages,
  CheckoutStage,
  type CheckoutType,
  CheckoutType as CheckoutTypes,
  COUPON_CHECKOUT_TYPES,
  CommerceMessages,
  checkoutTypeFor,
  MAX_SEATS_PER_PURCHASE,
  MIN_SEATS_PER_PURCHASE,
  TRIAL_CHECKOUT_TYPES,
  TrialDays,
  UNEXPECTED_CHECKOUT_TYPE,
} from '@coderoom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { checkoutQuoteQuery, useCheckoutQuote } from '../modules/commerce/api/useCheckoutQuote';
import { useConfirmPayment } from '../modules/commerce/api/useConfirmPayment';
import { usePay } from '../modules/commerce/api/usePay';
import { usePlans } from '../modules/commerce/api/usePlans';
import { BusinessTiles } from '../modules/commerce/components/BusinessTiles';
import { CardForm, type CardInput } from '../modules/commerce/components/CardForm';
import { CouponField } from '../modules/commerce/components/CouponField';
import { type OrderDetails, OrderDetailsFields } from '../modules/commerce/components/OrderDetailsFields';
import { PlanTiles } from '../modules/commerce/components/PlanTiles';
import { ThreeDSecureStep } from '../modules/commerce/components/ThreeDSecureStep';
import { formatUsd } from '../modules/commerce/utils/formatUsd';
import { isKnownCheckoutType } from '../modules/commerce/utils/isKnownCheckoutType';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

const TARGET_PARAMS = ['plan', 'author_id', 'collection_id', 'action_id', 'subscription_id'] as const;

/** Checkouts whose price follows the seats chosen on the form. */
const SEAT_TYPES: readonly string[] = [
  CheckoutTypes.EnterpriseBuy,
  CheckoutTypes.EnterpriseSeats,
  CheckoutTypes.LoggedOutEnterprisePurchase,
];

/** Checkouts that create an organization named on the form. */
const COMPANY_TYPES: readonly string[] = [
  CheckoutTypes.EnterpriseBuy,
  CheckoutTypes.LoggedOutEnterprisePurchase,
];

/** Enterprise upgrade and reactivation keep the seats they have unless the link names a number (seats=…). */
const LINKED_SEAT_TYPES: readonly string[] = [
  CheckoutTypes.EnterpriseUpgrade,
  CheckoutTypes.EnterpriseReactivation,
];

const CREDIT_LABEL: Record<string, string> = {
  [CheckoutTypes.EnterpriseSeats]: 'Part of the term already used',
  [CheckoutTypes.EnterpriseUpgrade]: 'Credit for the rest of the current term',
};

const HEADINGS: Record<string, string> = {
  [CheckoutStage.Checkout]: 'Checkout',
  [CheckoutStage.SubscriptionTiles]: 'Choose your plan',
  [CheckoutStage.ExternalTiles]: 'Choose your plan',
  [CheckoutStage.BusinessTiles]: 'Plans for teams and enterprises',
  [CheckoutStage.TransactionFailure]: 'Checkout',
  [CheckoutStage.TransactionCompleted]: 'Thank you for your purchase',
};

const COUPON_TYPES: readonly string[] = COUPON_CHECKOUT_TYPES;

function SubscriptionTiles({ checkoutType }: { checkoutType: string }) {
  const plans = usePlans();
  const [term, setTerm] = useState(12);
  if (plans.isPending) return <PageLoading label="Loading the plans" />;
  if (plans.isError) return <FormMessage tone="error">{plans.error.message}</FormMessage>;
  return (
    <PlanTiles
      plans={plans.data.plans}
      term={term}
      onTermChange={setTerm}
      checkoutUrl={(plan: Plan) => `/checkout/${checkoutType}?plan=${plan.plan_key}`}
      actionLabel="Choose"
    />
  );
}

/** /checkout/{checkoutType}?plan=…: the spec's stages, paid through the sandbox processor's card form. */
export function CheckoutPage() {
  const { checkoutType = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const known = isKnownCheckoutType(checkoutType);
  const target = useMemo(() => {
    const params = new URLSearchParams();
    for (const name of TARGET_PARAMS) {
      const value = search.get(name);
      if (value) params.set(name, value);
    }
    return params;
  }, [search]);
  const queryClient = useQueryClient();
  // A coupon the learner applied (a coupon purchase names its own in action_id).
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const withCoupon = (code: string | null) => {
    const params = new URLSearchParams(target);
    if (code) params.set('coupon_code', code);
    return params;
  };
  // A gift's receiver, an enterprise purchase's company and seats (docs/commerce.md).
  const [details, setDetails] = useState<OrderDetails>(() => ({
    giftEmail: '',
    email: '',
    fullName: '',
    companyName: '',
    seats: Math.max(1, Number(search.get('seats')) || 1),
  }));
  // The business tiles link to this same page with seats=…: the page stays mounted, so follow the link's count.
  const seatsParam = search.get('seats');
  useEffect(() => {
    if (seatsParam) setDetails((current) => ({ ...current, seats: Math.max(1, Number(seatsParam) || 1) }));
  }, [seatsParam]);
  const normalisedType = known ? checkoutTypeFor(checkoutType) : checkoutType;
  const pricedBySeats = SEAT_TYPES.includes(normalisedType);
  const linkedSeats = LINKED_SEAT_TYPES.includes(normalisedType) && seatsParam ? Number(seatsParam) : null;
  const quoteParams = useMemo(() => {
    const params = new URLSearchParams(target);
    if (couponCode) params.set('coupon_code', couponCode);
    if (
      pricedBySeats &&
      Number.isInteger(details.seats) &&
      details.seats >= MIN_SEATS_PER_PURCHASE &&
      details.seats <= MAX_SEATS_PER_PURCHASE
    )
      params.set('seats', String(details.seats));
    if (linkedSeats !== null) params.set('seats', String(linkedSeats));
    return params;
  }, [target, couponCode, pricedBySeats, details.seats, linkedSeats]);
  const quote = useCheckoutQuote(checkoutType, quoteParams, known);
  const pay = usePay(checkoutType);
  const confirm = useConfirmPayment();
  const [waiting, setWaiting] = useState<Payment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A logged-out purchase has no order confirmation page to go to (no session): it ends here.
  const [completed, setCompleted] = useState<Payment | null>(null);
  const stage = completed
    ? CheckoutStage.TransactionCompleted
    : failure
      ? CheckoutStage.TransactionFailure
      : (quote.data?.stage ?? CheckoutStage.Checkout);
  const heading = known ? (HEADINGS[stage] ?? 'Checkout') : UNEXPECTED_CHECKOUT_TYPE;
  usePageTitle(heading);

  function finish(payment: Payment) {
    if (payment.status === 'requires_action') {
      setWaiting(payment);
      return;
    }
    if (payment.is_new_user) {
      setWaiting(null);
      setCompleted(payment);
      return;
    }
    const returnUrl = search.get('return');
    navigate(
      `/order-confirmation?payment=${encodeURIComponent(payment.payment_id)}${returnUrl ? `&return=${encodeURIComponent(returnUrl)}` : ''}`,
    );
  }
  function failed(error: Error) {
    setWaiting(null);
    // Field errors stay beside their fields; a decline or an outage is the transaction failure stage.
    if (error instanceof ApiError && Object.keys(error.errors).length > 0) return;
    setFailure(error.message);
  }
  function onPay(card: CardInput) {
    setFailure(null);
    pay.mutate(
      {
        ...(target.get('plan') ? { plan: target.get('plan') ?? '' } : {}),
        ...(target.get('author_id') ? { author_id: Number(target.get('author_id')) } : {}),
        ...(target.get('collection_id') ? { collection_id: Number(target.get('collection_id')) } : {}),
        ...(target.get('action_id') ? { action_id: target.get('action_id') ?? '' } : {}),
        ...(target.get('subscription_id') ? { subscription_id: Number(target.get('subscription_id')) } : {}),
        ...(normalisedType === CheckoutTypes.Gift ? { gift_email: details.giftEmail } : {}),
        ...(COMPANY_TYPES.includes(normalisedType) ? { company_name: details.companyName } : {}),
        ...(normalisedType === CheckoutTypes.LoggedOutEnterprisePurchase
          ? { email: details.email, full_name: details.fullName }
          : {}),
        ...(pricedBySeats ? { seats: details.seats } : {}),
        ...(linkedSeats !== null ? { seats: linkedSeats } : {}),
        ...(couponCode ? { coupon_code: couponCode } : {}),
        card,
        idempotency_key: crypto.randomUUID(),
      },
      { onSuccess: finish, onError: failed },
    );
  }
  /** Asks for the order with the coupon first: a refusal stays beside the field, the order unchanged. */
  async function applyCoupon(code: string) {
    await queryClient.fetchQuery(checkoutQuoteQuery(checkoutType, withCoupon(code).toString()));
    setCouponCode(code);
  }
  function onConfirm(approved: boolean) {
    if (!waiting) return;
    confirm.mutate({ paymentId: waiting.payment_id, approved }, { onSuccess: finish, onError: failed });
  }

  if (!known) {
    return (
      <main id="main" className="page checkout-page">
        <h1>{UNEXPECTED_CHECKOUT_TYPE}</h1>
        <p className="muted">This checkout address is not one we know.</p>
        <Link className="btn btn-primary" to="/unlimited">
          See the plans
        </Link>
      </main>
    );
  }
  if (quote.isPending) return <PageLoading label="Loading your order" />;
  if (quote.isError) {
    return (
      <main id="main" className="page checkout-page">
        <h1>Checkout</h1>
        <FormMessage tone="error">{quote.error.message}</FormMessage>
        <p>
          <Link to="/unlimited">See the plans</Link>
        </p>
      </main>
    );
  }
  const order = quote.data;
  const fieldErrors = pay.error instanceof ApiError ? pay.error.errors : {};
  return (
    <main id="main" className="page checkout-page">
      <h1>{heading}</h1>
      {completed ? (
        <section className="card checkout-completed" aria-labelledby="completed-title">
          <h2 id="completed-title">{details.companyName} is ready</h2>
          <p>
            We charged {formatUsd(completed.total_price_usd)} to the card ending {completed.last_4} for{' '}
            {completed.item_title}. You are the organization’s admin.
          </p>
          <p>
            We have e-mailed <strong>{details.email}</strong> a link to set your password. Open it within an
            hour to sign in; after that, “Forgot password” on the login page sends a new one.
          </p>
          <Link className="btn btn-primary" to="/login">
            Go to log in
          </Link>
        </section>
      ) : null}
      {stage === CheckoutStage.SubscriptionTiles ? (
        <SubscriptionTiles checkoutType={order.checkout_type} />
      ) : null}
      {stage === CheckoutStage.BusinessTiles ? <BusinessTiles checkoutType={order.checkout_type} /> : null}
      {stage !== CheckoutStage.BusinessTiles && !order.is_on_sale ? (
        <section className="card">
          <p>{CommerceMessages.NotOnSale}</p>
          <p className="muted">Individual plans, gifts, single courses and team plans are on sale today.</p>
          <Link className="btn btn-primary" to="/unlimited">
            See individual plans
          </Link>
        </section>
      ) : null}
      {fieldErrors.email === CheckoutMessages.EmailAlreadyVerified ? (
        <FormMessage tone="info">
          <Link
            to={`/login?returnUrl=${encodeURIComponent(`/checkout/${CheckoutTypes.EnterpriseBuy}?${target}`)}`}
          >
            Log in to buy
          </Link>{' '}
          with this address, or use another work e-mail.
        </FormMessage>
      ) : null}
      {(stage === CheckoutStage.Checkout || stage === CheckoutStage.TransactionFailure) &&
      order.is_on_sale ? (
        <div className="checkout-grid">
          <section className="card order-summary" aria-labelledby="order-title">
            <h2 id="order-title">Your order</h2>
            <dl>
              <dt>Item</dt>
              <dd>{order.item_title}</dd>
              <dt>Price</dt>
              <dd>{formatUsd(order.price_usd)}</dd>
              {order.credit_amount_usd !== 0 ? (
                <>
                  <dt>{CREDIT_LABEL[order.checkout_type] ?? 'Credit from your current plan'}</dt>
                  <dd>{formatUsd(order.credit_amount_usd)}</dd>
                </>
              ) : null}
              {order.coupon ? (
                <>
                  <dt>Coupon {order.coupon.coupon_code}</dt>
                  <dd className="order-discount">
                    {formatUsd(order.coupon.coupon_discount_usd)}
                    {order.coupon.discount_never_expires ? (
                      <span className="muted"> every term, included in the price</span>
                    ) : null}
                  </dd>
                </>
              ) : null}
              <dt>Total today</dt>
              <dd className="order-total">{formatUsd(order.total_price_usd)}</dd>
              {TRIAL_CHECKOUT_TYPES.includes(order.checkout_type as CheckoutType) && order.plan ? (
                <>
                  <dt>After {TrialDays.B2c} days</dt>
                  <dd>{formatUsd(order.plan.price_usd)}, unless you cancel</dd>
                </>
              ) : null}
            </dl>
            <OrderDetailsFields
              checkoutType={order.checkout_type}
              details={details}
              onChange={setDetails}
              errors={fieldErrors}
            />
            {COUPON_TYPES.includes(order.checkout_type) ? (
              <CouponField
                applied={order.coupon}
                locked={order.checkout_type === CheckoutTypes.CouponPurchase}
                onApply={applyCoupon}
                onRemove={() => setCouponCode(null)}
              />
            ) : null}
          </section>
          <section className="card" aria-labelledby="payment-title">
            <h2 id="payment-title">Payment</h2>
            {failure ? (
              <FormMessage tone="error">
                <strong>{CommerceMessages.TransactionDeclined}</strong> {failure}
              </FormMessage>
            ) : null}
            {waiting ? (
              <ThreeDSecureStep
                total={waiting.total_price_usd}
                last4={waiting.last_4}
                isPending={confirm.isPending}
                onAnswer={onConfirm}
              />
            ) : (
              <CardForm
                total={order.total_price_usd}
                isPending={pay.isPending}
                errors={fieldErrors}
                onPay={onPay}
                {...(order.checkout_type === CheckoutTypes.Reactivation && order.total_price_usd === 0
                  ? { submitLabel: 'Resume subscription' }
                  : {})}
              />
            )}
          </section>
        </div>
      ) : null}
    </main>
  );
}
