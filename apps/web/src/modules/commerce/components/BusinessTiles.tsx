import type { Plan } from '@coderoom/contracts';
import { BusinessTier, CheckoutType, FeatureSet, Term, UserPlanType } from '@coderoom/domain';
import { useState } from 'react';
import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { usePlans } from '../api/usePlans';
import { PlanTiles } from './PlanTiles';

/** A seat of a business plan costs the user plan of the same tier and term (docs/commerce.md "Seats"). */
const businessKey = (plan: Plan, tier: number) => plan.plan_key.replace(`-${UserPlanType}`, `-${tier}`);

/** The business tiles (spec 001 §2): per-seat plans for teams; a tile opens the enterprise purchase. */
export function BusinessTiles({ checkoutType }: { checkoutType: string }) {
  const plans = usePlans();
  const [term, setTerm] = useState<number>(Term.Annual);
  if (checkoutType === CheckoutType.EnterpriseSeats || checkoutType === CheckoutType.EnterpriseReactivation) {
    return (
      <FormMessage tone="info">
        Seats are added to an organization’s subscription: open this checkout from your organization’s
        subscription settings.
      </FormMessage>
    );
  }
  if (plans.isPending) return <PageLoading label="Loading the plans" />;
  if (plans.isError) return <FormMessage tone="error">{plans.error.message}</FormMessage>;
  // Teams buy standard or premium seats; premium plus stays an individual plan.
  const business = plans.data.plans.filter(
    (plan) => plan.feature_set_type === FeatureSet.Standard || plan.feature_set_type === FeatureSet.Premium,
  );
  return (
    <>
      <p className="muted">
        Prices are per seat. Your organization is created when you pay, with you as its admin.
      </p>
      <PlanTiles
        plans={business}
        term={term}
        onTermChange={setTerm}
        checkoutUrl={(plan) =>
          `/checkout/${checkoutType === CheckoutType.LoggedOutEnterprisePurchase ? checkoutType : CheckoutType.EnterpriseBuy}?plan=${businessKey(plan, BusinessTier.Enterprise)}&seats=5`
        }
        actionLabel="Buy for my team"
      />
    </>
  );
}
