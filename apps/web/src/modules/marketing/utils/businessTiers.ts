import type { Plan } from '@coderoom/contracts';
import { FeatureSet, Term } from '@coderoom/domain';

// B2B prices are read from the commerce plan catalogue (docs/marketing.md): a seat of a team tier costs
// what one person's annual plan of the matching feature set costs a month; teams are billed yearly.

export interface BusinessTier {
  name: string;
  summary: string;
  featureSet: number;
  points: string[];
}

export const BUSINESS_TIERS: BusinessTier[] = [
  {
    name: 'Team',
    summary: 'For a team that learns together',
    featureSet: FeatureSet.Premium,
    points: [
      'Every Premium course, path, project and assessment',
      'Assign courses with due dates',
      'A manager dashboard with CSV export',
    ],
  },
  {
    name: 'Enterprise',
    summary: 'For several teams and single sign-on',
    featureSet: FeatureSet.PremiumPlus,
    points: [
      'Everything in Team, plus Premium Plus courses',
      'Single sign-on with SAML or OIDC',
      'Onboarding plans and cloud labs',
    ],
  },
];

/** The annual plan a tier's seat price comes from; undefined while the catalogue lacks it. */
export function seatPlanFor(plans: readonly Plan[], tier: BusinessTier): Plan | undefined {
  return plans.find(
    (plan) => plan.feature_set_type === tier.featureSet && plan.validity_months === Term.Annual,
  );
}

/** What `seats` seats cost a year at a plan's discounted monthly price. */
export function yearlyTotal(plan: Plan, seats: number): number {
  return Math.round(plan.monthly_discounted_price * Term.Annual * seats * 100) / 100;
}
