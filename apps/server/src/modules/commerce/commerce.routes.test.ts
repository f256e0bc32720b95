import type { CheckoutQuote, CourseOffer, Payment, SubscriptionsStatus, UserInfo } from '@coderoom/contracts';
import {
  CommerceMessages,
  EnterpriseRole,
  FeatureSet,
  SubscriptionKind,
  SubscriptionStatus,
  UNEXPECTED_CHECKOUT_TYPE,
} from '@coderoom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { createContentService } from '../content/content.service.js';
import { buildOrganization } from '../organizations/organizations.test-support.js';
import { createCheckoutService } from './checkout.service.js';
import { seedCoursePrice, seedPlans, seedSubscription } from './commerce.seed.js';
import { createCouponsService } from './coupons.service.js';
import { createEntitlementsService } from './entitlements.service.js';
import { createSandboxProcessor, SandboxCards } from './payments.processor.js';
import { createSettlementService } from './settlement.service.js';

const DAY = 86_400_000;
let t: TestApp;
let free: Awaited<ReturnType<typeof buildCourse>>;
let go: Awaited<ReturnType<typeof buildCourse>>;
let premium: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  const previews = { lessons: 3, preview: [0, 1] };
  free = await buildCourse(t.database, { title: 'Free Course', ...previews });
  go = await buildCourse(t.database, { title: 'Go by Building', isFree: false, ...previews });
  premium = await buildCourse(t.database, { title: 'Premium Course', isFree: false, ...previews });
  await seedCoursePrice(t.database.db, go.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
  await seedCoursePrice(t.database.db, premium.collection.id, {
    priceCents: 2900,
    minFeatureSet: FeatureSet.Premium,
  });
});
afterAll(async () => {
  await t.close();
});

type Course = typeof go;
const lessonUrl = (course: Course, index: number) =>
  `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${course.pageIds[index]}`;

async function learnerWith(plan?: {
  planKey: string;
  status?: number;
  kind?: number;
  expiresInDays?: number;
}): Promise<{ client: TestClient; userId: number }> {
  const { client, user } = await signUp(t.app);
  if (plan) {
    await seedSubscription(t.database.db, t.clock, {
      userId: user.user_id,
      planKey: plan.planKey,
      status: plan.status ?? SubscriptionStatus.Active,
      kind: plan.kind ?? SubscriptionKind.Paid,
      expiresAt: new Date(t.clock.now().getTime() + (plan.expiresInDays ?? 365) * DAY),
    });
  }
  return { client, userId: user.user_id };
}

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Lea Learner' });
let keyCounter = 0;
const freshKey = () => `key-${process.pid}-${++keyCounter}`;

function pay(client: TestClient, type: string, body: Record<string, unknown>) {
  return client.post(`/api/commerce/checkout/${type}`, { idempotency_key: freshKey(), ...body });
}

describe('entitlements on every lesson read', () => {
  it('opens free lessons and previews to everyone, priced lessons only to what covers them', async () => {
    const viewers = {
      'no plan': await learnerWith(),
      basic: await learnerWith({ planKey: '100-12-6000' }),
      standard: await learnerWith({ planKey: '200-1-6000' }),
      premium: await learnerWith({ planKey: '300-12-6000' }),
      'premium plus': await learnerWith({ planKey: '400-24-6000' }),
      expired: await learnerWith({ planKey: '400-12-6000', expiresInDays: -1 }),
      'status expired': await learnerWith({ planKey: '400-12-6000', status: SubscriptionStatus.Expired }),
      'past due': await learnerWith({ planKey: '400-12-6000', status: SubscriptionStatus.PastDue }),
      'renewal cancelled, still running': await learnerWith({
        planKey: '400-12-6000',
        status: SubscriptionStatus.RenewalCancelled,
      }),
      'à la carte Go': await learnerWith(),
      'organization seat': await learnerWith(),
      'organization seat, Go only': await learnerWith(),
      'organization without a subscription': await learnerWith(),
      // Settlement (docs/commerce.md): a refunded plan is returned (7003), a disputed one suspended.
      refunded: await learnerWith({ planKey: '400-12-6000', status: SubscriptionStatus.Returned }),
      disputed: await learnerWith({ planKey: '400-12-6000' }),
    };
    await t.database.db.execute(
      sql`UPDATE subscriptions SET suspended_at = now() WHERE user_id = ${viewers.disputed.userId}`,
    );
    {
      const member = viewers['organization seat, Go only'];
      const email = ((await member.client.get('/api/user/info')).json() as UserInfo).email;
      await buildOrganization(t.database, {
        members: [{ email, userId: member.userId, role: EnterpriseRole.Learner }],
        included: [{ author_id: go.author.id, work_id: go.collection.id }],
      });
    }
    for (const [name, withoutSubscription] of [
      ['organization seat', false],
      ['organization without a subscription', true],
    ] as const) {
      const member = viewers[name];
      const email = ((await member.client.get('/api/user/info')).json() as UserInfo).email;
      await buildOrganization(t.database, {
        members: [{ email, userId: member.userId, role: EnterpriseRole.Learner }],
        includeAllCourses: true,
        withoutSubscription,
      });
    }
    const bought = await pay(viewers['à la carte Go'].client, 'course', {
      author_id: go.author.id,
      collection_id: go.collection.id,
      card: card(SandboxCards.Succeeds),
    });
    expect(bought.statusCode).toBe(200);

    const expected: Record<keyof typeof viewers, { go: number; premium: number; free?: number }> = {
      'no plan': { go: 403, premium: 403 },
      basic: { go: 403, premium: 403 },
      standard: { go: 200, premium: 403 },
      premium: { go: 200, premium: 200 },
      'premium plus': { go: 200, premium: 200 },
      expired: { go: 403, premium: 403 },
      'status expired': { go: 403, premium: 403 },
      'past due': { go: 403, premium: 403 },
      'renewal cancelled, still running': { go: 200, premium: 200 },
      'à la carte Go': { go: 200, premium: 403 },
      'organization seat': { go: 200, premium: 200 },
      // An organization bounds what its members read (docs/organizations.md): outside its list, 404.
      'organization seat, Go only': { free: 404, go: 200, premium: 404 },
      'organization without a subscription': { go: 403, premium: 403 },
      refunded: { go: 403, premium: 403 },
      disputed: { go: 403, premium: 403 },
    };
    for (const [name, viewer] of Object.entries(viewers) as Array<
      [keyof typeof viewers, { client: TestClient }]
    >) {
      const seen = {
        free: (await viewer.client.get(lessonUrl(free, 2))).statusCode,
        preview: (await viewer.client.get(lessonUrl(go, 1))).statusCode,
        go: (await viewer.client.get(lessonUrl(go, 2))).statusCode,
        premium: (await viewer.client.get(lessonUrl(premium, 2))).statusCode,
      };
      expect({ name, ...seen }).toEqual({ name, free: 200, preview: 200, ...expected[name] });
    }
  });

  it('refuses with the spec status and text, asks visitors to log in, and lets the author read', async () => {
    const { client } = await learnerWith();
    const refused = await client.get(lessonUrl(go, 2));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorText: CommerceMessages.NotInSubscription });
    expect((await new TestClient(t.app).get(lessonUrl(go, 2))).statusCode).toBe(401);
    const author = new TestClient(t.app);
    await author.post('/api/user/login', { email: go.author.email, password: go.author.password });
    expect((await author.get(lessonUrl(go, 2))).statusCode).toBe(200);
  });

  it('follows the clock: a subscription stops opening lessons when it expires', async () => {
    const { client } = await learnerWith({ planKey: '200-1-6000', expiresInDays: 2 });
    expect((await client.get(lessonUrl(go, 2))).statusCode).toBe(200);
    t.clock.advance(3 * DAY);
    expect((await client.get(lessonUrl(go, 2))).statusCode).toBe(403);
  });

  it('offers the plan that covers the course and the course itself, with the spec labels', async () => {
    const { client } = await learnerWith();
    const offer = (
      await client.get(`/api/commerce/offer/${go.author.id}/${go.collection.id}`)
    ).json() as CourseOffer;
    expect(offer).toMatchObject({ is_free: false, is_priced: true, has_access: false, course_price_usd: 39 });
    expect(offer.actions).toEqual([
      { label: 'Buy Now', checkout_url: '/checkout/subscription_buy?plan=200-12-6000' },
      { label: 'Start Free Trial', checkout_url: '/checkout/trial_avail?plan=200-12-6000' },
      {
        label: 'Buy Now',
        checkout_url: `/checkout/course?author_id=${go.author.id}&collection_id=${go.collection.id}`,
      },
    ]);
    const basic = await learnerWith({ planKey: '100-24-6000' });
    const upgrade = (
      await basic.client.get(`/api/commerce/offer/${go.author.id}/${go.collection.id}`)
    ).json();
    // A 24-month subscriber is offered the 24-month premium-plus plan (spec 001 §4).
    expect(upgrade.actions[0]).toEqual({
      label: 'Upgrade Now',
      checkout_url: '/checkout/upgrade?plan=400-24-6000',
    });
  });
});

describe('user info from the ledger', () => {
  it('names the subscription, its price and paid courses', async () => {
    const { client } = await learnerWith();
    const before = (await client.get('/api/user/info')).json() as UserInfo;
    expect(before).toMatchObject({
      is_user_subscribed: false,
      owns_paid_courses: false,
      preferred_subscription_id: null,
    });
    expect(
      (await pay(client, 'subscription_buy', { plan: '200-12-6000', card: card(SandboxCards.Succeeds) }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await pay(client, 'course', {
          author_id: premium.author.id,
          collection_id: premium.collection.id,
          card: card(SandboxCards.Succeeds),
        })
      ).statusCode,
    ).toBe(200);
    const after = (await client.get('/api/user/info')).json() as UserInfo;
    expect(after).toMatchObject({
      is_user_subscribed: true,
      owns_paid_courses: true,
      has_active_b2c_trial: false,
      preferred_subscription_price: 208.8,
    });
    expect(after.preferred_subscription_id).toEqual(expect.any(Number));
  });
});

describe('checkout through the sandbox processor', () => {
  it('knows all checkout types, maps team types to enterprise ones, and refuses an unknown one', async () => {
    const { client } = await learnerWith();
    const unknown = await client.get('/api/commerce/checkout/free_money?plan=300-12-6000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorText).toBe(UNEXPECTED_CHECKOUT_TYPE);
    const team = (await client.get('/api/commerce/checkout/team_buy')).json() as CheckoutQuote;
    expect(team).toMatchObject({
      checkout_type: 'enterprise_buy',
      stage: 'business_tiles',
      is_on_sale: true,
    });
    const teamPlan = (
      await client.get('/api/commerce/checkout/team_buy?plan=300-12-6005')
    ).json() as CheckoutQuote;
    expect(teamPlan).toMatchObject({ checkout_type: 'enterprise_buy', stage: 'checkout', is_on_sale: true });
    const tiles = (await client.get('/api/commerce/checkout/subscription_buy')).json() as CheckoutQuote;
    expect(tiles).toMatchObject({ stage: 'subscription_tiles', is_on_sale: true });
    const quote = (await client.get('/api/commerce/checkout/subscription_buy?plan=300-12-6000')).json();
    expect(quote).toMatchObject({ stage: 'checkout', item_title: 'Premium Annual', total_price_usd: 352.8 });
    const downgrade = await pay(client, 'downgrade', {
      plan: '200-12-6000',
      card: card(SandboxCards.Succeeds),
    });
    expect(downgrade.statusCode).toBe(400);
    expect(downgrade.json().errorText).toBe(CommerceMessages.NotOnSale);
  });

  it('charges 4242 once per idempotency key, grants the plan and writes one ledger row', async () => {
    const { client } = await learnerWith();
    const body = { idempotency_key: freshKey(), plan: '200-12-6000', card: card('4242 4242 4242 4242') };
    const first = await client.post('/api/commerce/checkout/subscription_buy', body);
    expect(first.statusCode).toBe(200);
    const payment = first.json() as Payment;
    expect(payment).toMatchObject({
      status: 'succeeded',
      card_brand: 'visa',
      last_4: '4242',
      total_price_usd: 208.8,
    });
    const again = await client.post('/api/commerce/checkout/subscription_buy', body);
    expect(again.json().payment_id).toBe(payment.payment_id);
    const status = (await client.get('/api/user/subscriptions-status')).json() as SubscriptionsStatus;
    expect(status.subscriptions).toHaveLength(1);
    expect(status.ledger).toEqual([expect.objectContaining({ entry_kind: 'charge', amount_usd: 208.8 })]);
    expect((await client.get(lessonUrl(go, 2))).statusCode).toBe(200);
    const conflict = await client.post('/api/commerce/checkout/subscription_buy', {
      ...body,
      plan: '300-12-6000',
    });
    expect(conflict.statusCode).toBe(409);
    const twice = await pay(client, 'subscription_buy', {
      plan: '300-12-6000',
      card: card(SandboxCards.Succeeds),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorText).toBe(CommerceMessages.AlreadySubscribed);
    // The number itself is never stored.
    const stored = await t.database.db.execute(sql`SELECT * FROM payments WHERE id = ${payment.payment_id}`);
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
  });

  it('declines 4000…0002 with code 2000 and charges nothing', async () => {
    const { client } = await learnerWith();
    const declined = await pay(client, 'subscription_buy', {
      plan: '300-12-6000',
      card: card(SandboxCards.Declined),
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ errorText: CommerceMessages.CardDeclined, code: '2000' });
    const status = (await client.get('/api/user/subscriptions-status')).json() as SubscriptionsStatus;
    expect(status).toMatchObject({ is_user_subscribed: false, subscriptions: [], ledger: [] });
    expect((await client.get(lessonUrl(go, 2))).statusCode).toBe(403);
  });

  it('answers network unavailable 3000 as an external failure', async () => {
    const { client } = await learnerWith();
    const failed = await pay(client, 'subscription_buy', {
      plan: '300-12-6000',
      card: card(SandboxCards.NetworkUnavailable),
    });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ errorText: CommerceMessages.CouldNotProcess, code: '3000' });
  });

  it('takes a 3-D Secure card through its confirmation step, and grants once', async () => {
    const { client } = await learnerWith();
    const started = await pay(client, 'subscription_buy', {
      plan: '300-12-6000',
      card: card(SandboxCards.RequiresThreeDSecure),
    });
    const payment = started.json() as Payment;
    expect(payment.status).toBe('requires_action');
    expect((await client.get(lessonUrl(go, 2))).statusCode).toBe(403);
    const confirmUrl = `/api/commerce/payments/${payment.payment_id}/confirm`;
    const [one, two] = await Promise.all([
      client.post(confirmUrl, { approved: true }),
      client.post(confirmUrl, { approved: true }),
    ]);
    expect([one.json().status, two.json().status]).toEqual(['succeeded', 'succeeded']);
    const status = (await client.get('/api/user/subscriptions-status')).json() as SubscriptionsStatus;
    expect(status.ledger).toHaveLength(1);
    expect(status.subscriptions).toHaveLength(1);
    expect((await client.get(lessonUrl(go, 2))).statusCode).toBe(200);

    const other = await learnerWith();
    const waiting = (
      await pay(other.client, 'subscription_buy', {
        plan: '300-12-6000',
        card: card(SandboxCards.RequiresThreeDSecure),
      })
    ).json() as Payment;
    const cancelled = await other.client.post(`/api/commerce/payments/${waiting.payment_id}/confirm`, {
      approved: false,
    });
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().errorText).toBe(CommerceMessages.ThreeDSecureFailed);
    // Someone else's payment is not found.
    expect(
      (await client.post(`/api/commerce/payments/${waiting.payment_id}/confirm`, { approved: true }))
        .statusCode,
    ).toBe(404);
  });

  it('upgrades only upwards, crediting the unused part of the current term', async () => {
    const { client, userId } = await learnerWith();
    const now = t.clock.now().getTime();
    // 208.80 paid for 365 days, 73 of them used (moving the clock would end the session).
    await seedSubscription(t.database.db, t.clock, {
      userId,
      planKey: '200-12-6000',
      status: SubscriptionStatus.Active,
      kind: SubscriptionKind.Paid,
      startsAt: new Date(now - 73 * DAY),
      expiresAt: new Date(now + 292 * DAY),
    });
    const down = await pay(client, 'upgrade', { plan: '100-24-6000', card: card(SandboxCards.Succeeds) });
    expect(down.statusCode).toBe(400);
    expect(down.json().errorText).toBe(CommerceMessages.NotAnUpgrade);
    const quote = (
      await client.get('/api/commerce/checkout/upgrade?plan=300-12-6000')
    ).json() as CheckoutQuote;
    // 80% of the term (167.04) is left, credited against 352.80.
    expect(quote.credit_amount_usd).toBeCloseTo(-167.04, 1);
    expect(quote.total_price_usd).toBeCloseTo(352.8 - 167.04, 1);
    const upgraded = await pay(client, 'upgrade', { plan: '300-12-6000', card: card(SandboxCards.Succeeds) });
    expect(upgraded.statusCode).toBe(200);
    const status = (await client.get('/api/user/subscriptions-status')).json() as SubscriptionsStatus;
    expect(status.subscriptions.map((entry) => [entry.plan_key, entry.status])).toEqual([
      ['300-12-6000', SubscriptionStatus.Active],
      ['200-12-6000', SubscriptionStatus.Expired],
    ]);
    expect((await client.get(lessonUrl(premium, 2))).statusCode).toBe(200);
  });

  it('refuses bad cards, unknown fields, free courses and a second purchase of the same course', async () => {
    const { client } = await learnerWith();
    const bad = await pay(client, 'course', {
      author_id: go.author.id,
      collection_id: go.collection.id,
      card: { ...card('4242 4242 4242 4241'), cvc: '1', exp_year: 2001 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      number: CommerceMessages.InvalidCardNumber,
      expiry: CommerceMessages.CardExpired,
      cvc: CommerceMessages.InvalidCvc,
    });
    const extra = await pay(client, 'course', {
      author_id: go.author.id,
      collection_id: go.collection.id,
      card: card(SandboxCards.Succeeds),
      price: 1,
    });
    expect(extra.statusCode).toBe(400);
    const freeBuy = await pay(client, 'course', {
      author_id: free.author.id,
      collection_id: free.collection.id,
      card: card(SandboxCards.Succeeds),
    });
    expect(freeBuy.json().errorText).toBe(CommerceMessages.NotPriced);
    const target = {
      author_id: go.author.id,
      collection_id: go.collection.id,
      card: card(SandboxCards.Succeeds),
    };
    expect((await pay(client, 'course', target)).statusCode).toBe(200);
    const again = await pay(client, 'course', target);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorText).toBe(CommerceMessages.AlreadyOwned);
    expect(
      (
        await new TestClient(t.app).post('/api/commerce/checkout/course', {
          idempotency_key: freshKey(),
          ...target,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('the ledger', () => {
  it('is append-only', async () => {
    const { client } = await learnerWith();
    await pay(client, 'subscription_buy', { plan: '100-1-6000', card: card(SandboxCards.Succeeds) });
    await expect(t.database.db.execute(sql`UPDATE ledger_entries SET amount_cents = 0`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM ledger_entries`)).rejects.toThrow();
  });

  it('grants nothing and records no charge when the process dies between charge and grant', async () => {
    const { client, userId } = await learnerWith();
    const db = t.database.db;
    const entitlements = createEntitlementsService({ db, clock: t.clock });
    const crashing = createCheckoutService({
      db,
      clock: t.clock,
      processor: createSandboxProcessor(),
      entitlements,
      content: createContentService({
        db,
        clock: t.clock,
        users: { findById: async () => undefined, findByEmail: async () => undefined },
        memberships: { find: async () => undefined },
      }),
      fingerprintSecret: 'test',
      settlement: createSettlementService({ db, clock: t.clock }),
      coupons: createCouponsService({ db, clock: t.clock }),
      afterCharge: async () => {
        throw new Error('crash');
      },
    });
    await expect(
      crashing.pay(userId, 'subscription_buy', {
        plan: '300-12-6000',
        card: card(SandboxCards.Succeeds),
        idempotency_key: freshKey(),
      }),
    ).rejects.toThrow('crash');
    const status = (await client.get('/api/user/subscriptions-status')).json() as SubscriptionsStatus;
    expect(status).toMatchObject({ subscriptions: [], ledger: [] });
    expect((await client.get(lessonUrl(go, 2))).statusCode).toBe(403);
  });
});
