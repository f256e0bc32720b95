import { type Plan, type RevenueSummary, RevenueSummarySchema } from '@coderoom/contracts';
import { GrowthMessages, PlatformAdminRole, SubscriptionKind, SubscriptionStatus } from '@coderoom/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema.js';
import {
  buildTestApp,
  signUp,
  type TestApp,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
  waitFor,
} from '../../test/harness.js';
import { seedPlans } from '../commerce/commerce.seed.js';
import { SandboxCards } from '../commerce/payments.processor.js';

// The administrator's revenue page: MRR, active subscriptions by plan, trials converting and churn,
// computed from real checkouts, a cancelled renewal and the worker's renewals with a moved clock.

const DAY = 86_400_000;
let t: TestApp;
let adminEmail: string;
let prices: Map<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  adminEmail = uniqueEmail('admin');
  const admin = await signUp(t.app, { email: adminEmail });
  await t.database.db
    .update(users)
    .set({ adminRole: PlatformAdminRole.SuperAdmin })
    .where(eq(users.id, admin.user.user_id));
  const plans = (await admin.client.get('/api/commerce/plans')).json().plans as Plan[];
  prices = new Map(plans.map((plan) => [plan.plan_key, Math.round(plan.price_usd * 100)]));
});
afterAll(async () => {
  await t.close();
});

let keys = 0;
function pay(client: TestClient, type: string, plan: string) {
  return client.post(`/api/commerce/checkout/${type}`, {
    idempotency_key: `revenue-test-${process.pid}-${++keys}`,
    plan,
    card: { number: SandboxCards.Succeeds, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Rev Enue' },
  });
}

/** A fresh admin session (sessions end when idle, and the clock moves in this file). */
async function revenue(): Promise<RevenueSummary> {
  const client = new TestClient(t.app);
  expect(
    (await client.post('/api/user/login', { email: adminEmail, password: VALID_PASSWORD })).statusCode,
  ).toBe(200);
  const response = await client.get('/api/admin/revenue');
  expect(response.statusCode, response.body).toBe(200);
  return RevenueSummarySchema.parse(response.json());
}

const cents = (usd: number) => Math.round(usd * 100);

/** What commerce wrote, read from its table (tests read rows directly; modules go through services). */
async function subscriptionsOf(userId: number) {
  return t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.id));
}

describe('GET /api/admin/revenue', () => {
  it('is for administrators only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/revenue')).statusCode).toBe(401);
    const learner = await signUp(t.app);
    const denied = await learner.client.get('/api/admin/revenue');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorText).toBe(GrowthMessages.AdminOnly);
  });

  it('follows the ledger: MRR by plan, a trial that converts, a customer who churns', async () => {
    const empty = await revenue();
    expect(empty).toMatchObject({
      mrr_usd: 0,
      active_subscriptions: 0,
      by_plan: [],
      trials: { started: 0, active: 0, converted: 0, conversion_rate: null },
      churn: { active_at_start: 0, churned: 0, churn_rate: null },
      net_revenue_30d_usd: 0,
    });

    const annual = await signUp(t.app);
    expect((await pay(annual.client, 'subscription_buy', '300-12-6000')).statusCode).toBe(200);
    const monthly = await signUp(t.app);
    expect((await pay(monthly.client, 'subscription_buy', '100-1-6000')).statusCode).toBe(200);
    const [monthlySubscription] = await subscriptionsOf(monthly.user.user_id);
    const cancel = await monthly.client.post(
      `/api/commerce/subscriptions/${monthlySubscription?.id}/cancel`,
      {},
    );
    expect(cancel.statusCode).toBe(200);
    const trial = await signUp(t.app);
    expect((await pay(trial.client, 'trial_avail', '200-1-6000')).statusCode).toBe(200);

    const annualPrice = prices.get('300-12-6000') ?? 0;
    const monthlyPrice = prices.get('100-1-6000') ?? 0;
    const now = await revenue();
    // The cancelled monthly plan is still active but will not renew: no recurring revenue.
    expect(cents(now.mrr_usd)).toBe(Math.round(annualPrice / 12));
    expect(now.active_subscriptions).toBe(2);
    expect(now.by_plan.map((plan) => [plan.plan_key, plan.active])).toEqual([
      ['300-12-6000', 1],
      ['100-1-6000', 1],
    ]);
    expect(now.trials).toEqual({ started: 1, active: 1, converted: 0, conversion_rate: null });
    expect(cents(now.net_revenue_30d_usd)).toBe(annualPrice + monthlyPrice);

    // Five weeks on: the trial was charged and runs, the cancelled plan expired.
    t.clock.advance(35 * DAY);
    await waitFor(async () => {
      const [row] = await subscriptionsOf(trial.user.user_id);
      return row?.kind === SubscriptionKind.Paid;
    }, 'the trial to convert');
    await waitFor(async () => {
      const [row] = await subscriptionsOf(monthly.user.user_id);
      return row?.status === SubscriptionStatus.Expired;
    }, 'the cancelled plan to expire');

    const later = await revenue();
    const trialPrice = prices.get('200-1-6000') ?? 0;
    expect(cents(later.mrr_usd)).toBe(Math.round(annualPrice / 12 + trialPrice));
    expect(later.trials).toEqual({ started: 1, active: 0, converted: 1, conversion_rate: 1 });
    expect(later.churn).toEqual({ window_days: 30, active_at_start: 3, churned: 1, churn_rate: 0.333 });
    // Only the trial's first charge falls in the last 30 days.
    expect(cents(later.net_revenue_30d_usd)).toBe(trialPrice);
  });
});
