import '../modules/commerce/commerce.css';
import { Link } from 'react-router';
import { BillingHistory } from '../modules/commerce/components/BillingHistory';
import { PaymentMethodsSettings } from '../modules/commerce/components/PaymentMethodsSettings';
import { SubscriptionSettings } from '../modules/commerce/components/SubscriptionSettings';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';

function BillingSettings() {
  usePageTitle('Billing');
  return (
    <main id="main" className="page billing-page">
      <p>
        <Link to="/settings">← All settings</Link>
      </p>
      <header className="page-header">
        <h1>Billing</h1>
        <p className="muted">Your subscription, your saved cards and your invoices.</p>
      </header>
      <section id="subscription" className="card section" aria-labelledby="subscription-heading">
        <h2 id="subscription-heading">Subscription</h2>
        <SubscriptionSettings />
      </section>
      <section id="payment-methods" className="card section" aria-labelledby="payment-methods-heading">
        <h2 id="payment-methods-heading">Payment methods</h2>
        <PaymentMethodsSettings />
      </section>
      <section id="billing-history" className="card section" aria-labelledby="billing-history-heading">
        <h2 id="billing-history-heading">Billing history</h2>
        <BillingHistory />
      </section>
    </main>
  );
}

/** /settings/billing: subscription (cancel, resume), payment methods and billing history with invoices. */
export function BillingSettingsPage() {
  return (
    <RequireUser>
      <BillingSettings />
    </RequireUser>
  );
}
