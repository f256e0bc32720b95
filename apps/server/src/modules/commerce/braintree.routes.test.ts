import type { Payment, RefundResponse, SubscriptionsStatus } from '@coderoom/contracts';
import { CommerceMessages, FeatureSet, LedgerEntryKind, SubscriptionStatus } from '@coderoom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { createBraintreeProcessor } from './braintree.processor.js';
import { type FakeBraintree, startFakeBraintree } from './braintree.test-support.js';
import * as repo from './commerce.repository.js';
import { seedCoursePrice, seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

// Checkout through the app with the Braintree adapter configured, pointed at a local fake of Braintree's
// gateway: the sale, the subscription and its ledger row land together (one transaction) or not at all;
// a decline charges and grants nothing; an administrator's refund goes back through Braintree.

const KEYS = { merchantId: 'merchant_routes', publicKey: 'pub_routes', privateKey: 'priv_routes' };
let fake: FakeBraintree;
let t: TestApp;
let go: Awaited<ReturnType<typeof buildCourse>>;
let admin: TestClient;

beforeAll(async () => {
  fake = await startFakeBraintree(KEYS);
  t = await buildTestApp({
    deps: {
      paymentProcessor: createBraintreeProcessor({
        ...KEYS,
        environment: 'sandbox',
        endpoint: { host: '127.0.0.1', port: fake.port },
      }),
    },
  });
  await seedPlans(t.database.db);
  go = await buildCourse(t.database, {
    title: 'Go by Braintree',
    isFree: false,
    lessons: 3,
    preview: [0, 1],
  });
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

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Bree Tree' });
let keys = 0;
const freshKey = () => `braintree-route-${process.pid}-${++keys}`;
const lesson = () => `/api/reader/collection/${go.author.id}/${go.collection.id}/page/${go.pageIds[2]}`;
const status = async (client: TestClient) =>
  (await client.get('/api/user/subscriptions-status')).json() as SubscriptionsStatus;
const sales = () =>
  fake.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/transactions'));

describe('checkout with Braintree configured', () => {
  it('sells through Braintree and grants the plan with its ledger row', async () => {
    const { client, user } = await signUp(t.app);
    expect((await client.get(lesson())).statusCode).toBe(403);
    const before = sales().length;
    const response = await client.post('/api/commerce/checkout/subscription_buy', {
      plan: '300-12-6000',
      card: card(SandboxCards.Succeeds),
      idempotency_key: freshKey(),
    });
    expect(response.statusCode).toBe(200);
    const payment = response.json() as Payment;
    expect(payment.status).toBe('succeeded');
    expect(sales()).toHaveLength(before + 1);
    const sale = sales().at(-1)?.body.transaction as Record<string, unknown>;
    expect(sale.amount).toBe((payment.total_price_usd / 1).toFixed(2));

    const stored = await repo.findPayment(t.database.db, payment.payment_id);
    expect(stored).toMatchObject({ processor: 'braintree', status: 'succeeded' });
    const ledger = await repo.findLedgerOfPayment(t.database.db, payment.payment_id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      entryKind: LedgerEntryKind.Charge,
      processor: 'braintree',
      processorRef: stored?.processorRef,
      amountCents: Math.round(payment.total_price_usd * 100),
    });
    const [subscription] = await repo.findSubscriptionsOf(t.database.db, user.user_id);
    expect(subscription).toMatchObject({ planKey: '300-12-6000', status: SubscriptionStatus.Active });
    expect(ledger[0]?.subscriptionId).toBe(subscription?.id);
    // Written by one transaction: the same clock reading.
    expect(ledger[0]?.createdAt.getTime()).toBe(subscription?.createdAt.getTime());
    expect((await status(client)).is_user_subscribed).toBe(true);
    expect((await client.get(lesson())).statusCode).toBe(200);
  });

  it('shows a processor_declined sale as a decline: nothing charged, nothing granted', async () => {
    const { client, user } = await signUp(t.app);
    const declined = await client.post('/api/commerce/checkout/subscription_buy', {
      plan: '300-12-6000',
      card: card(SandboxCards.Declined),
      idempotency_key: freshKey(),
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({
      errorText: CommerceMessages.CardDeclined,
      code: 'processor_declined',
    });
    expect(await repo.findSubscriptionsOf(t.database.db, user.user_id)).toEqual([]);
    expect((await status(client)).ledger).toEqual([]);
    expect((await client.get(lesson())).statusCode).toBe(403);
  });

  it('writes neither the grant nor the ledger row when the ledger row cannot be written', async () => {
    const { client, user } = await signUp(t.app);
    const id = user.user_id;
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION ledger_refuse_${id}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'ledger refused for the test'; END; $$`),
    );
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER ledger_refuse_${id} BEFORE INSERT ON ledger_entries FOR EACH ROW
        WHEN (NEW.user_id = ${id}) EXECUTE FUNCTION ledger_refuse_${id}()`),
    );
    try {
      const failed = await client.post('/api/commerce/checkout/subscription_buy', {
        plan: '200-12-6000',
        card: card(SandboxCards.Succeeds),
        idempotency_key: freshKey(),
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw(`DROP TRIGGER ledger_refuse_${id} ON ledger_entries`));
    }
    // Braintree sold, but the subscription written before the ledger row was rolled back with it.
    expect(await repo.findSubscriptionsOf(t.database.db, id)).toEqual([]);
    expect(await repo.findLedgerOf(t.database.db, id)).toEqual([]);
    expect((await client.get(lesson())).statusCode).toBe(403);
  });

  it('refunds through Braintree: an unsettled sale is voided in full, access revoked with the refund row', async () => {
    const { client } = await signUp(t.app);
    const bought = await client.post('/api/commerce/checkout/subscription_buy', {
      plan: '300-12-6000',
      card: card(SandboxCards.Succeeds),
      idempotency_key: freshKey(),
    });
    const payment = bought.json() as Payment;
    const refunded = await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {});
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toEqual({
      payment_id: payment.payment_id,
      refunded_usd: payment.total_price_usd,
      remaining_usd: 0,
      access_revoked: true,
    } satisfies RefundResponse);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: expect.stringMatching(/\/void$/) });
    const ledger = await repo.findLedgerOfPayment(t.database.db, payment.payment_id);
    expect(ledger.map((entry) => [entry.entryKind, entry.amountCents])).toEqual([
      [LedgerEntryKind.Charge, Math.round(payment.total_price_usd * 100)],
      [LedgerEntryKind.Refund, -Math.round(payment.total_price_usd * 100)],
    ]);
    expect((await client.get(lesson())).statusCode).toBe(403);
  });
});
