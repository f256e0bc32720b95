import '../modules/commerce/commerce.css';
import { Link, useSearchParams } from 'react-router';
import { usePayment } from '../modules/commerce/api/usePayment';
import { formatUsd } from '../modules/commerce/utils/formatUsd';
import { safeReturnUrl } from '../modules/commerce/utils/safeReturnUrl';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

/** /order-confirmation?payment=…: the receipt of a finished checkout, and the way back to reading. */
export function OrderConfirmationPage() {
  const [search] = useSearchParams();
  const paymentId = search.get('payment') ?? '';
  const payment = usePayment(paymentId);
  usePageTitle('Order confirmed');
  if (!paymentId) return <ErrorPage code={404} />;
  if (payment.isPending) return <PageLoading label="Loading your order" />;
  if (payment.isError) return <ErrorPage code={404} heading="We could not find this order" />;
  const order = payment.data;
  const continueTo = safeReturnUrl(search.get('return'));
  if (order.status !== 'succeeded') {
    return (
      <main id="main" className="page checkout-page">
        <h1>This order is not complete</h1>
        <p>Nothing was charged.</p>
        <Link className="btn btn-primary" to="/unlimited">
          See the plans
        </Link>
      </main>
    );
  }
  return (
    <main id="main" className="page checkout-page">
      <section className="card order-confirmation" aria-labelledby="confirmation-title">
        <h1 id="confirmation-title">Thank you, your order is complete</h1>
        <dl>
          <dt>Item</dt>
          <dd>{order.item_title}</dd>
          {order.coupon ? (
            <>
              <dt>Coupon {order.coupon.coupon_code}</dt>
              <dd>
                {formatUsd(order.coupon.coupon_discount_usd)}
                {order.coupon.discount_never_expires ? ' every term' : ''}
              </dd>
            </>
          ) : null}
          {order.gift_email ? (
            <>
              <dt>Gift for</dt>
              <dd>{order.gift_email}: we e-mail them the gift code</dd>
            </>
          ) : null}
          {order.seats ? (
            <>
              <dt>Seats</dt>
              <dd>{order.seats}</dd>
            </>
          ) : null}
          <dt>Paid</dt>
          <dd>{formatUsd(order.total_price_usd)}</dd>
          {order.last_4 ? (
            <>
              <dt>Card</dt>
              <dd>
                {order.card_brand === 'visa' ? 'Visa' : 'Card'} ending in {order.last_4}
              </dd>
            </>
          ) : null}
          <dt>Order</dt>
          <dd>
            <code>{order.payment_id}</code>
          </dd>
        </dl>
        <Link className="btn btn-primary" to={continueTo}>
          Continue learning
        </Link>
      </section>
    </main>
  );
}
