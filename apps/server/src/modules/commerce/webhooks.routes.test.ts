import type { Payment, RefundResponse, SubscriptionsStatus, UserInfo } from '@coderoom/contracts';
import {
  FeatureSet,
  LedgerEntryKind,
  SettlementMessages,
  SubscriptionStatus,
  WEBHOOK_TOLERANCE_SECONDS,
} from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { createContentService } from '../content/content.service.js';
import { createCheckoutService } from './checkout.service.js';
import * as repo from './commerce.repository.js';
import { seedCoursePrice, seedPlans } from './commerce.seed.js';
import { createCouponsService } from './coupons.service.js';
import { createEntitlementsService } from './entitlements.service.js';
import { SandboxCards } from './payments.processor.js';
import { createSettlementService } from './settlement.service.js';
import { createStripeProcessor } from './stripe.processor.js';
import { type FakeStripe, type StripeEventLike, startFakeStripe } from './stripe.test-support.js';

// Stripe webhooks and refunds, through the app with the Stripe adapter pointed at a local fake of Stripe:
// signatures checked by the official SDK, replays and double deliveries applied once, a crash between the
// charge and the grant completed by the webhook exactly once, refunds and disputes ending access in the
// transaction of their ledger row.

const KEY = 'sk_test_webhooks';
const SECRET = 'whsec_test_secret';
let fake: FakeStripe;
let t: TestApp;
let go: Awaited<ReturnType<typeof buildCourse>>;
let admin: TestClient;

const stripeAdapter = () =>
  createStripeProcessor({ apiKey: KEY, host: '127.0.0.1', port: fake.port, protocol: 'http' });

beforeAll(async () => {
  fake = await startFakeStripe(KEY);
  t = await buildTestApp({ deps: { paymentProcessor: stripeAdapter(), stripeWebhookSecret: SECRET } });
  await seedPlans(t.database.db);
  go = await buildCourse(t.database, { title: 'Go by Building', isFree: false, lessons: 3, preview: [0, 1] });
  await seedCoursePrice(t.database.db, go.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
  const adminUser = await buildUser(t.database, { admin: true });
  admin = new TestClient(t.app);
  const login = await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
  expect(login.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Wes Hook' });
let keys = 0;
const freshKey = () => `webhook-test-${process.pid}-${++keys}`;
const lesson = () => `/api/reader/collection/${go.author.id}/${go.collection.id}/page/${go.pageIds[2]}`;
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** Delivers a signed request to the webhook, as Stripe does (no cookie, no CSRF token). */
function deliver(payload: string, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/commerce/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
function deliverEvent(event: StripeEventLike, timestamp = nowSeconds()) {
  const { payload, signature } = fake.sign(event, SECRET, timestamp);
  return deliver(payload, signature);
}
function lastEvent(type: string): StripeEventLike {
  const event = fake.events.filter((candidate) => candidate.type === type).at(-1);
  if (!event) throw new Error(`no ${type} event`);
  return event;
}

async function ledgerOf(client: TestClient) {
  return ((await client.get('/api/user/subscriptions-status')).json() as SubscriptionsStatus).ledger;
}

async function subscribed() {
  const { client, user } = await signUp(t.app);
  const response = await client.post('/api/commerce/checkout/subscription_buy', {
    plan: '300-12-6000',
    card: card(SandboxCards.Succeeds),
    idempotency_key: freshKey(),
  });
  expect(response.statusCode).toBe(200);
  return { client, userId: user.user_id, payment: response.json() as Payment };
}

describe('Stripe webhook signatures', () => {
  it('refuses a bad signature, another secret, a changed body and a stale timestamp, and applies nothing', async () => {
    const { client, payment } = await subscribed();
    const event = lastEvent('payment_intent.succeeded');
    const { payload, signature } = fake.sign(event, SECRET, nowSeconds());
    const refusals = [
      await deliver(payload, 't=1,v1=00'),
      await deliver(payload, fake.sign(event, 'whsec_another', nowSeconds()).signature),
      await deliver(payload.replace(payment.payment_id, 'pay_someone_else'), signature),
      await deliverEvent(event, nowSeconds() - WEBHOOK_TOLERANCE_SECONDS - 1),
      await t.app.inject({
        method: 'POST',
        url: '/api/commerce/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errorText: SettlementMessages.BadSignature });
    }
    expect(await ledgerOf(client)).toHaveLength(1);
  });

  it('acknowledges a replayed event without applying it twice, and a delivery for an unknown payment', async () => {
    const { client } = await subscribed();
    const event = lastEvent('payment_intent.succeeded');
    // The checkout already granted this payment: the event finds it succeeded and grants nothing more.
    const first = await deliverEvent(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await deliverEvent(event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await ledgerOf(client)).toHaveLength(1);
    const unknown = await deliverEvent({
      ...event,
      id: 'evt_unknown',
      data: { object: { ...event.data.object, id: 'pi_nobody', metadata: {} } },
    });
    expect(unknown.json()).toEqual({ received: true, duplicate: false });
  });
});

describe('a crash between the charge and the grant', () => {
  it('is completed by the webhook exactly once, however often and however concurrently it is delivered', async () => {
    const { client, user } = await signUp(t.app);
    const db = t.database.db;
    // The same database and the same Stripe, but a process that dies right after Stripe charged.
    const crashing = createCheckoutService({
      db,
      clock: t.clock,
      processor: stripeAdapter(),
      entitlements: createEntitlementsService({ db, clock: t.clock }),
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
      crashing.pay(user.user_id, 'subscription_buy', {
        plan: '200-12-6000',
        card: card(SandboxCards.Succeeds),
        idempotency_key: freshKey(),
      }),
    ).rejects.toThrow('crash');
    // Charged at Stripe, nothing granted here, nothing in the ledger.
    const [stuck] = await repo.findSubscriptionsOf(db, user.user_id);
    expect(stuck).toBeUndefined();
    expect(await ledgerOf(client)).toEqual([]);
    expect((await client.get(lesson())).statusCode).toBe(403);

    const event = lastEvent('payment_intent.succeeded');
    expect(event.data.object.metadata).toMatchObject({ payment_id: expect.stringMatching(/^pay_/) });
    const deliveries = await Promise.all([deliverEvent(event), deliverEvent(event), deliverEvent(event)]);
    expect(deliveries.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(deliveries.filter((response) => response.json().duplicate === false)).toHaveLength(1);
    expect((await deliverEvent(event)).json()).toEqual({ received: true, duplicate: true });

    const ledger = await ledgerOf(client);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ entry_kind: LedgerEntryKind.Charge, amount_usd: expect.any(Number) });
    const subscriptions = await repo.findSubscriptionsOf(db, user.user_id);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ planKey: '200-12-6000', status: SubscriptionStatus.Active });
    const paymentId = (event.data.object.metadata as { payment_id: string }).payment_id;
    const payment = await repo.findPayment(db, paymentId);
    expect(payment).toMatchObject({ status: 'succeeded', processorRef: event.data.object.id });
    expect((await client.get(lesson())).statusCode).toBe(200);
  });

  it('records a declined payment reported by payment_intent.payment_failed as failed, granting nothing', async () => {
    const { client, user } = await signUp(t.app);
    const declined = await client.post('/api/commerce/checkout/subscription_buy', {
      plan: '300-12-6000',
      card: card(SandboxCards.Declined),
      idempotency_key: freshKey(),
    });
    expect(declined.statusCode).toBe(400);
    const event = lastEvent('payment_intent.payment_failed');
    expect((await deliverEvent(event)).statusCode).toBe(200);
    expect(await repo.findSubscriptionsOf(t.database.db, user.user_id)).toEqual([]);
    expect(await ledgerOf(client)).toEqual([]);
  });
});

describe('refunds', () => {
  const refund = (paymentId: string, body: Record<string, unknown> = {}) =>
    admin.post(`/api/admin/commerce/payments/${paymentId}/refund`, body);

  it('is for administrators only', async () => {
    const { client, payment } = await subscribed();
    const refused = await client.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorText: SettlementMessages.AdminOnly });
    expect(await ledgerOf(client)).toHaveLength(1);
  });

  it('refunds part (access kept), then the rest (access revoked with the ledger row); the webhook adds nothing', async () => {
    const { client, userId, payment } = await subscribed();
    expect((await client.get(lesson())).statusCode).toBe(200);
    const part = await refund(payment.payment_id, { amount_usd: 100, reason: 'goodwill' });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toEqual({
      payment_id: payment.payment_id,
      refunded_usd: 100,
      remaining_usd: payment.total_price_usd - 100,
      access_revoked: false,
    } satisfies RefundResponse);
    expect((await client.get(lesson())).statusCode).toBe(200);
    // Stripe reports the same refund to the webhook: recorded once.
    expect((await deliverEvent(lastEvent('charge.refunded'))).statusCode).toBe(200);
    expect((await ledgerOf(client)).map((entry) => entry.amount_usd).sort((a, b) => a - b)).toEqual([
      -100,
      payment.total_price_usd,
    ]);

    const tooMuch = await refund(payment.payment_id, { amount_usd: payment.total_price_usd });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errorText).toBe(SettlementMessages.RefundTooLarge);
    const rest = await refund(payment.payment_id);
    expect(rest.json()).toMatchObject({ remaining_usd: 0, access_revoked: true });
    expect((await client.get(lesson())).statusCode).toBe(403);
    const [subscription] = await repo.findSubscriptionsOf(t.database.db, userId);
    expect(subscription?.status).toBe(SubscriptionStatus.Returned);
    expect(((await client.get('/api/user/info')).json() as UserInfo).is_user_subscribed).toBe(false);
    const ledger = await ledgerOf(client);
    expect(ledger.reduce((sum, entry) => sum + Math.round(entry.amount_usd * 100), 0)).toBe(0);
    expect((await refund(payment.payment_id, { amount_usd: 1 })).statusCode).toBe(400);
  });

  it('records a refund made at Stripe (its dashboard) from charge.refunded, and a full one revokes the course', async () => {
    const { client } = await signUp(t.app);
    const bought = await client.post('/api/commerce/checkout/course', {
      author_id: go.author.id,
      collection_id: go.collection.id,
      card: card(SandboxCards.Succeeds),
      idempotency_key: freshKey(),
    });
    expect(bought.statusCode).toBe(200);
    expect((await client.get(lesson())).statusCode).toBe(200);
    const intent = lastEvent('payment_intent.succeeded').data.object.id as string;
    const dashboard = await stripeAdapter().refund({
      paymentRef: intent,
      amountCents: 3900,
      idempotencyKey: freshKey(),
    });
    expect(dashboard.status).toBe('succeeded');
    const event = lastEvent('charge.refunded');
    expect((await deliverEvent(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliverEvent(event)).json()).toEqual({ received: true, duplicate: true });
    const ledger = await ledgerOf(client);
    expect(ledger.map((entry) => [entry.entry_kind, entry.amount_usd])).toEqual(
      expect.arrayContaining([
        [LedgerEntryKind.Charge, 39],
        [LedgerEntryKind.Refund, -39],
      ]),
    );
    expect(ledger).toHaveLength(2);
    expect((await client.get(lesson())).statusCode).toBe(403);
  });
});

describe('disputes', () => {
  it('suspend access with a chargeback row, recorded once', async () => {
    const { client, userId, payment } = await subscribed();
    const intent = lastEvent('payment_intent.succeeded').data.object.id as string;
    const event = fake.dispute(intent);
    expect((await deliverEvent(event)).statusCode).toBe(200);
    expect((await deliverEvent(event)).json()).toEqual({ received: true, duplicate: true });
    const ledger = await ledgerOf(client);
    expect(ledger.filter((entry) => entry.entry_kind === LedgerEntryKind.Chargeback)).toEqual([
      expect.objectContaining({ amount_usd: -payment.total_price_usd }),
    ]);
    expect((await client.get(lesson())).statusCode).toBe(403);
    expect(((await client.get('/api/user/info')).json() as UserInfo).is_user_subscribed).toBe(false);
    const [subscription] = await repo.findSubscriptionsOf(t.database.db, userId);
    expect(subscription?.suspendedAt).not.toBeNull();
  });
});
