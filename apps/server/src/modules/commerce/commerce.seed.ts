import { FeatureSet, formatPlanKey, Term, UserPlanType } from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './commerce.repository.js';
import * as couponsRepo from './coupons.repository.js';

// The plan catalogue and the demo prices (docs/commerce.md). List prices per month by tier, and the
// discount a longer term earns; a term's price is its discounted monthly price times its months.

const MONTHLY_LIST_CENTS: Record<number, number> = {
  [FeatureSet.Basic]: 1900,
  [FeatureSet.Standard]: 2900,
  [FeatureSet.Premium]: 4900,
  [FeatureSet.PremiumPlus]: 6900,
};

const TERM_DISCOUNT_PERCENT: Record<number, number> = {
  [Term.Monthly]: 0,
  [Term.Quarterly]: 10,
  [Term.Annual]: 40,
  [Term.Biennial]: 50,
};

export function planCatalogue(): repo.NewPlan[] {
  return Object.entries(MONTHLY_LIST_CENTS).flatMap(([featureSet, monthly]) =>
    Object.entries(TERM_DISCOUNT_PERCENT).map(([months, discount]) => {
      const discounted = Math.round((monthly * (100 - discount)) / 100);
      const validityMonths = Number(months);
      return {
        planKey: formatPlanKey({ featureSet: Number(featureSet), validityMonths, planType: UserPlanType }),
        featureSet: Number(featureSet),
        validityMonths,
        planType: UserPlanType,
        priceCents: discounted * validityMonths,
        monthlyPriceCents: monthly,
        monthlyDiscountedPriceCents: discounted,
        specialDiscount: null,
        isActive: true,
      };
    }),
  );
}

/** Writes the plan catalogue (prices follow this file on every start). */
export async function seedPlans(db: Db): Promise<void> {
  for (const plan of planCatalogue()) await repo.upsertPlan(db, plan);
}

export async function seedCoursePrice(
  db: Db,
  collectionId: number,
  price: { priceCents: number | null; minFeatureSet: number },
): Promise<void> {
  await repo.upsertCoursePrice(db, { collectionId, ...price });
}

/** A subscription granted without a payment (demo accounts): no ledger row, since no money moved. */
export async function seedSubscription(
  db: Db,
  clock: Clock,
  input: { userId: number; planKey: string; status: number; kind: number; startsAt?: Date; expiresAt: Date },
): Promise<void> {
  const plan = await repo.findPlan(db, input.planKey);
  if (!plan) throw new Error(`unknown plan ${input.planKey}`);
  const now = clock.now();
  await repo.insertSubscription(db, {
    userId: input.userId,
    planKey: plan.planKey,
    featureSet: plan.featureSet,
    validityMonths: plan.validityMonths,
    status: input.status,
    kind: input.kind,
    priceCents: plan.priceCents,
    paymentProcessor: 'sandbox',
    startsAt: input.startsAt ?? now,
    expiresAt: input.expiresAt,
    createdAt: now,
    updatedAt: now,
  });
}

/** The annual plans, premium first: the site coupon's banner leads to the first. */
const ANNUAL_PLANS = ['300-12-6000', '100-12-6000', '200-12-6000', '400-12-6000'];

/**
 * The demo coupons (docs/commerce.md "Coupons"): the site coupon the banner advertises (20 % off an
 * annual plan, once per learner, until the end of 2027), a lasting 10 % that stays on every renewal, and
 * $10 off a single course.
 */
export const DEMO_COUPONS: couponsRepo.NewCoupon[] = [
  {
    code: 'ANNUAL20',
    description: '20% off your first year of any annual plan',
    percentOff: 20,
    validUntil: new Date('2027-12-31T23:59:59Z'),
    maxPerUser: 1,
    planKeys: ANNUAL_PLANS,
    isSiteCoupon: true,
    bannerText: 'Save 20% on your first year of any annual plan with code ANNUAL20.',
  },
  {
    code: 'LOYAL10',
    description: '10% off every term, renewals included',
    percentOff: 10,
    discountNeverExpires: true,
    maxRedemptions: 500,
    maxPerUser: 1,
  },
  {
    code: 'COURSE10',
    description: '$10 off a single course',
    amountOffCents: 1000,
    maxPerUser: 1,
    appliesToCourses: true,
  },
];

export async function seedCoupons(db: Db, coupons: couponsRepo.NewCoupon[] = DEMO_COUPONS): Promise<void> {
  for (const coupon of coupons) await couponsRepo.upsertCoupon(db, coupon);
}

/** The plans, the demo course prices and the demo subscriber's plan; running it again changes nothing. */
export async function seedCommerceDemo(
  db: Db,
  clock: Clock,
  demo: {
    prices: Array<{ collectionId: number; priceCents: number; minFeatureSet: number }>;
    subscriber: { email: string; planKey: string; status: number; kind: number };
  },
): Promise<void> {
  await seedPlans(db);
  await seedCoupons(db);
  for (const price of demo.prices) await seedCoursePrice(db, price.collectionId, price);
  const userId = await repo.findUserIdByEmail(db, demo.subscriber.email);
  if (userId === null || (await repo.findSubscriptionsOf(db, userId)).length > 0) return;
  const plan = await repo.findPlan(db, demo.subscriber.planKey);
  const now = clock.now();
  await seedSubscription(db, clock, {
    userId,
    ...demo.subscriber,
    startsAt: now,
    expiresAt: new Date(now.getTime() + (plan?.validityMonths ?? 12) * 30 * 86_400_000),
  });
}
