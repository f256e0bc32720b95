import '../modules/commerce/commerce.css';
import type { Plan } from '@coderoom/contracts';
import { FeatureSet, planCheckoutType, Term } from '@coderoom/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePlans } from '../modules/commerce/api/usePlans';
import { PlanTiles } from '../modules/commerce/components/PlanTiles';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';

const TIERS = [FeatureSet.Basic, FeatureSet.Standard, FeatureSet.Premium, FeatureSet.PremiumPlus];
const TIER_NAMES = ['Basic', 'Standard', 'Premium', 'Premium Plus'];

/** What each tier opens: a row is included from its tier up (premium plus counts as premium and more). */
const FEATURES: Array<{ label: string; from: number }> = [
  { label: 'Free courses and every preview lesson', from: 0 },
  { label: 'Progress, notes, highlights and certificates', from: 0 },
  { label: 'Priced courses of the Basic tier', from: FeatureSet.Basic },
  { label: 'Priced courses of the Standard tier, such as Go by Building', from: FeatureSet.Standard },
  { label: 'Priced courses of the Premium tier, such as Modern C++ First Steps', from: FeatureSet.Premium },
  { label: 'Courses of the Premium Plus tier', from: FeatureSet.PremiumPlus },
];

/** /unlimited: the plans, by term, with their monthly price and discount, and what each tier includes. */
export function UnlimitedPage() {
  usePageTitle('Coderoom Unlimited plans');
  const plans = usePlans();
  const { data: user } = useUserInfo();
  const [term, setTerm] = useState<number>(Term.Annual);
  const type = planCheckoutType(Boolean(user?.is_user_subscribed), false);
  const checkoutUrl = (plan: Plan) => `/checkout/${type}?plan=${plan.plan_key}`;
  return (
    <main id="main" className="page unlimited-page">
      <h1>Coderoom Unlimited</h1>
      <p className="lead">
        One plan opens every priced course of its tier and the tiers below. Longer terms cost less a month.
      </p>
      {plans.isPending ? <PageLoading label="Loading the plans" /> : null}
      {plans.isError ? (
        <div className="notice error" role="alert">
          <p>The plans could not be loaded. {plans.error.message}</p>
          <Button variant="secondary" onClick={() => plans.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {plans.data && plans.data.plans.length === 0 ? <p>No plans are on sale at the moment.</p> : null}
      {plans.data && plans.data.plans.length > 0 ? (
        <section aria-labelledby="plans-title">
          <h2 id="plans-title">Plans</h2>
          <PlanTiles
            plans={plans.data.plans}
            term={term}
            onTermChange={setTerm}
            checkoutUrl={checkoutUrl}
            actionLabel={user?.is_user_subscribed ? 'Upgrade Now' : 'Buy Now'}
          />
        </section>
      ) : null}
      <section className="unlimited-more" aria-labelledby="more-title">
        <h2 id="more-title">Gifts and teams</h2>
        <p>
          <Link to="/checkout/gift">Give a plan as a gift</Link>: we e-mail a code, and their plan starts when
          they redeem it. <Link to="/redeem-gift">Redeem a gift code</Link>.
        </p>
        <p>
          <Link to={user ? '/checkout/enterprise_buy' : '/checkout/logged_out_enterprise_purchase'}>
            Plans for teams and enterprises
          </Link>
          : per-seat plans, with your organization created when you pay{user ? '' : ' (no account needed)'}.
        </p>
      </section>
      <section aria-labelledby="compare-title">
        <h2 id="compare-title">Compare the tiers</h2>
        <div className="table-scroll">
          <table className="feature-table">
            <thead>
              <tr>
                <th scope="col">Included</th>
                {TIER_NAMES.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FEATURES.map((feature) => (
                <tr key={feature.label}>
                  <th scope="row">{feature.label}</th>
                  {TIERS.map((tier, index) => (
                    <td key={tier}>
                      <span aria-hidden="true">{tier >= feature.from ? '✓' : '–'}</span>
                      <span className="visually-hidden">
                        {tier >= feature.from ? 'Included' : 'Not included'} in {TIER_NAMES[index]}
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}
