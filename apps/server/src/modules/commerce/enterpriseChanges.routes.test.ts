import type { CheckoutQuote, Payment } from '@coderoom/contracts';
import { AdminLevel, CheckoutMessages, EnterpriseRole, SubscriptionStatus } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { buildOrganization } from '../organizations/organizations.test-support.js';
import { organizationSubscriptions } from '../organizations/subscriptionSales.test-support.js';
import { seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

// Enterprise upgrade and enterprise reactivation (docs/commerce.md): an organization admin moves a running
// subscription to a higher tier, a longer term or more seats with the unused part of the term credited, or
// starts an ended one again; the subscription changes with the ledger row.

const DAY = 86_400_000;
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  const adminUser = await buildUser(t.database, { admin: true });
  admin = new TestClient(t.app);
  await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
});
afterAll(async () => {
  await t.close();
});

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Olga Org' });
let keys = 0;
const freshKey = () => `enterprise-change-${process.pid}-${++keys}`;
function pay(client: TestClient, type: string, body: Record<string, unknown>) {
  return client.post(`/api/commerce/checkout/${type}`, {
    idempotency_key: freshKey(),
    card: card(SandboxCards.Succeeds),
    ...body,
  });
}

/** An organization on 300-12-6003 with 10 seats, a 365-day term of which `daysLeft` remain (negative: ended). */
async function organization(options: { daysLeft: number; role?: number; status?: number }) {
  const { client, user, email } = await signUp(t.app);
  const role = options.role ?? EnterpriseRole.Admin;
  const fixture = await buildOrganization(t.database, {
    seats: 10,
    members: [
      {
        email,
        userId: user.user_id,
        role,
        adminLevel: role === EnterpriseRole.Admin ? AdminLevel.SuperAdmin : null,
      },
    ],
  });
  const now = t.clock.now().getTime();
  await t.database.db
    .update(organizationSubscriptions)
    .set({
      startsAt: new Date(now - (365 - options.daysLeft) * DAY),
      expiresAt: new Date(now + options.daysLeft * DAY),
      status: options.status ?? SubscriptionStatus.Active,
    })
    .where(eq(organizationSubscriptions.organizationId, fixture.organizationId));
  const [subscription] = await t.database.db
    .select()
    .from(organizationSubscriptions)
    .where(eq(organizationSubscriptions.organizationId, fixture.organizationId));
  if (!subscription) throw new Error('no organization subscription');
  return { client, subscription };
}

async function subscriptionRow(id: number) {
  const [row] = await t.database.db
    .select()
    .from(organizationSubscriptions)
    .where(eq(organizationSubscriptions.id, id));
  return row;
}

/** The credit is the exact share of the time left, floored: `usd`, or a cent less as real time passes. */
function expectCredit(quote: CheckoutQuote, usd: number) {
  expect([-usd, Math.round((-usd + 0.01) * 100) / 100]).toContain(quote.credit_amount_usd);
  expect(Math.round((quote.price_usd + quote.credit_amount_usd) * 100)).toBe(
    Math.round(quote.total_price_usd * 100),
  );
}

async function ledgerOf(paymentId: string) {
  return t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
}

describe('enterprise upgrade', () => {
  it('credits the unused fifth of the term and moves the subscription to the higher tier with the ledger row', async () => {
    const { client, subscription } = await organization({ daysLeft: 73 });
    const url = `/api/commerce/checkout/enterprise_upgrade?subscription_id=${subscription.id}&plan=400-12-6003`;
    const quote = (await client.get(url)).json() as CheckoutQuote;
    // 10 premium-plus seats a year ($496.80 each) less 73/365 of 10 premium seats ($352.80 each): $705.60,
    // or a cent less once the milliseconds since the set-up are taken off the time left (real clock).
    expect(quote).toMatchObject({
      checkout_type: 'enterprise_upgrade',
      stage: 'checkout',
      price_usd: 4968,
      seats: 10,
    });
    expectCredit(quote, 705.6);
    const paid = await pay(client, 'enterprise_upgrade', {
      subscription_id: subscription.id,
      plan: '400-12-6003',
    });
    expect(paid.statusCode).toBe(200);
    const payment = paid.json() as Payment;
    const [charge] = await ledgerOf(payment.payment_id);
    expect(charge?.amountCents).toBe(Math.round(payment.total_price_usd * 100));
    expect([426240, 426241]).toContain(charge?.amountCents);
    const after = await subscriptionRow(subscription.id);
    const now = t.clock.now().getTime();
    expect(after).toMatchObject({ planCode: '400-12-6003', seats: 10, status: SubscriptionStatus.Active });
    // A new term from the grant: started in the last minute, a year to run.
    expect(after?.startsAt.getTime()).toBeGreaterThan(now - 60_000);
    expect(after?.startsAt.getTime()).toBeLessThanOrEqual(now);
    expect(after?.expiresAt?.getTime()).toBeGreaterThan(now + 360 * DAY);
  });

  it('sells more seats of the same plan for a new term, and refuses fewer seats, a lower tier and no change', async () => {
    const { client, subscription } = await organization({ daysLeft: 73 });
    const more = (
      await client.get(
        `/api/commerce/checkout/enterprise_upgrade?subscription_id=${subscription.id}&seats=12`,
      )
    ).json() as CheckoutQuote;
    expect(more.price_usd).toBe(4233.6);
    expectCredit(more, 705.6);
    for (const [plan, seats] of [
      ['300-12-6003', 10],
      ['300-12-6003', 9],
      ['200-24-6003', 20],
      ['300-1-6003', 20],
    ] as const) {
      const refused = await pay(client, 'enterprise_upgrade', {
        subscription_id: subscription.id,
        plan,
        seats,
      });
      expect(refused.statusCode, `${plan} × ${seats}`).toBe(400);
      expect(refused.json().errors).toEqual({ plan: CheckoutMessages.NotAnEnterpriseUpgrade });
    }
    const userPlan = await pay(client, 'enterprise_upgrade', {
      subscription_id: subscription.id,
      plan: '400-12-6000',
    });
    expect(userPlan.json().errors).toEqual({ plan: CheckoutMessages.BusinessPlan });
    expect((await subscriptionRow(subscription.id))?.seats).toBe(10);
  });

  it('is for a running subscription’s admin only', async () => {
    const member = await organization({ daysLeft: 73, role: EnterpriseRole.Learner });
    const notAdmin = await pay(member.client, 'enterprise_upgrade', {
      subscription_id: member.subscription.id,
      plan: '400-12-6003',
    });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().errorText).toBe(CheckoutMessages.SubscriptionAdminOnly);
    const stranger = await pay((await signUp(t.app)).client, 'enterprise_upgrade', {
      subscription_id: member.subscription.id,
      plan: '400-12-6003',
    });
    expect(stranger.statusCode).toBe(404);
    const ended = await organization({ daysLeft: -5 });
    const late = await pay(ended.client, 'enterprise_upgrade', {
      subscription_id: ended.subscription.id,
      plan: '400-12-6003',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errorText).toBe(CheckoutMessages.SubscriptionEnded);
  });
});

describe('enterprise reactivation', () => {
  it('starts an ended subscription again for a whole term with the ledger row; a refund returns it', async () => {
    const { client, subscription } = await organization({
      daysLeft: -30,
      status: SubscriptionStatus.Expired,
    });
    // Team reactivation maps here.
    const quote = (
      await client.get(`/api/commerce/checkout/team_reactivation?subscription_id=${subscription.id}&seats=4`)
    ).json() as CheckoutQuote;
    expect(quote).toMatchObject({
      checkout_type: 'enterprise_reactivation',
      total_price_usd: 1411.2,
      seats: 4,
    });
    const paid = await pay(client, 'team_reactivation', { subscription_id: subscription.id, seats: 4 });
    expect(paid.statusCode).toBe(200);
    const payment = paid.json() as Payment;
    expect(await ledgerOf(payment.payment_id)).toMatchObject([{ amountCents: 141120 }]);
    const after = await subscriptionRow(subscription.id);
    expect(after).toMatchObject({ planCode: '300-12-6003', seats: 4, status: SubscriptionStatus.Active });
    expect(after?.expiresAt?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 360 * DAY);
    // Running again: a second reactivation is a 409.
    const again = await pay(client, 'enterprise_reactivation', { subscription_id: subscription.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorText).toBe(CheckoutMessages.EnterpriseStillActive);
    // A refund in full returns it (7003), and a returned subscription is not reactivated.
    await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {});
    expect((await subscriptionRow(subscription.id))?.status).toBe(SubscriptionStatus.Returned);
    const returned = await pay(client, 'enterprise_reactivation', { subscription_id: subscription.id });
    expect(returned.statusCode).toBe(400);
    expect(returned.json().errorText).toBe(CheckoutMessages.EnterpriseNotReactivatable);
  });

  it('keeps the subscription as it was when the card is declined', async () => {
    const { client, subscription } = await organization({ daysLeft: -3 });
    const declined = await pay(client, 'enterprise_reactivation', {
      subscription_id: subscription.id,
      card: card(SandboxCards.Declined),
    });
    expect(declined.statusCode).toBe(400);
    const after = await subscriptionRow(subscription.id);
    expect(after?.expiresAt?.getTime()).toBe(subscription.expiresAt?.getTime());
    expect(after?.seats).toBe(10);
  });
});
