import type { Payment } from '@coderoom/contracts';
import { FeatureSet, LedgerEntryKind, PaymentMessages, SubscriptionStatus } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp } from '../../test/harness.js';
import * as repo from './commerce.repository.js';
import { seedCoursePrice, seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';
import { createPaypalProcessor } from './paypal.processor.js';
import { type FakePaypal, startFakePaypal } from './paypal.test-support.js';

// Checkout through the app with the PayPal adapter configured (85 rupees to the dollar), pointed at a local
// fake of PayPal's API: a plan PayPal may renew is bought (card vaulted, subscription and ledger row
// together); one it may not (001 §5: only user plans of 1 or 12 months under 15000 INR) is refused with
// the spec's suggestion before PayPal is asked; a course, which does not renew, is bought whatever its price.

const CREDENTIALS = { clientId: 'client_routes', clientSecret: 'secret_routes' };
let fake: FakePaypal;
let t: TestApp;
let go: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  fake = await startFakePaypal(CREDENTIALS);
  t = await buildTestApp({
    deps: {
      paymentProcessor: createPaypalProcessor({
        ...CREDENTIALS,
        environment: 'sandbox',
        recurringEnabled: true,
        inrPerUsd: 85,
        endpoint: { host: '127.0.0.1', port: fake.port },
      }),
    },
  });
  await seedPlans(t.database.db);
  go = await buildCourse(t.database, { title: 'Go by PayPal', isFree: false, lessons: 3, preview: [0, 1] });
  await seedCoursePrice(t.database.db, go.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const card = { number: SandboxCards.Succeeds, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Pay Pal' };
let keys = 0;
const freshKey = () => `paypal-route-${process.pid}-${++keys}`;
const lesson = () => `/api/reader/collection/${go.author.id}/${go.collection.id}/page/${go.pageIds[2]}`;
const orderCreates = () => fake.requests.filter((request) => request.path === '/v2/checkout/orders');

describe('checkout with PayPal configured', () => {
  it('buys a monthly plan (under the INR limit) as a recurring payment: card vaulted, grant and ledger row together', async () => {
    const { client, user } = await signUp(t.app);
    const response = await client.post('/api/commerce/checkout/subscription_buy', {
      plan: '300-1-6000',
      card,
      idempotency_key: freshKey(),
    });
    expect(response.statusCode).toBe(200);
    const payment = response.json() as Payment;
    expect(orderCreates().at(-1)?.body).toMatchObject({
      purchase_units: [{ amount: { value: '49.00' }, custom_id: payment.payment_id }],
      payment_source: { card: { attributes: { vault: { store_in_vault: 'ON_SUCCESS' } } } },
    });
    const stored = await repo.findPayment(t.database.db, payment.payment_id);
    expect(stored).toMatchObject({
      processor: 'paypal',
      status: 'succeeded',
      processorRef: expect.stringMatching(/^CAP/),
    });
    const [ledger] = await repo.findLedgerOfPayment(t.database.db, payment.payment_id);
    const [subscription] = await repo.findSubscriptionsOf(t.database.db, user.user_id);
    expect(ledger).toMatchObject({
      entryKind: LedgerEntryKind.Charge,
      processor: 'paypal',
      amountCents: 4900,
    });
    expect(subscription).toMatchObject({ planKey: '300-1-6000', status: SubscriptionStatus.Active });
    expect(ledger?.subscriptionId).toBe(subscription?.id);
    expect((await client.get(lesson())).statusCode).toBe(200);
  });

  it('refuses plans PayPal may not renew with the suggestion of PayPal Checkout, asking PayPal nothing', async () => {
    const { client, user } = await signUp(t.app);
    // $352.80 a year is 29988 INR (over 15000); 24 months is neither 1 nor 12.
    for (const plan of ['300-12-6000', '100-24-6000']) {
      const before = orderCreates().length;
      const refused = await client.post('/api/commerce/checkout/subscription_buy', {
        plan,
        card,
        idempotency_key: freshKey(),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        errorText: PaymentMessages.TryPaypal,
        code: 'paypal_recurring_not_allowed',
      });
      expect(orderCreates()).toHaveLength(before);
    }
    expect(await repo.findSubscriptionsOf(t.database.db, user.user_id)).toEqual([]);
    expect(await repo.findLedgerOf(t.database.db, user.user_id)).toEqual([]);
    expect((await client.get(lesson())).statusCode).toBe(403);
  });

  it('buys a course (a one-off payment, no renewal rule) without vaulting the card', async () => {
    const { client, user } = await signUp(t.app);
    const response = await client.post('/api/commerce/checkout/course', {
      author_id: go.author.id,
      collection_id: go.collection.id,
      card,
      idempotency_key: freshKey(),
    });
    expect(response.statusCode).toBe(200);
    const sent = orderCreates().at(-1)?.body as { payment_source: { card: Record<string, unknown> } };
    expect(sent.payment_source.card.attributes).not.toHaveProperty('vault');
    expect(await repo.findLedgerOf(t.database.db, user.user_id)).toHaveLength(1);
    expect((await client.get(lesson())).statusCode).toBe(200);
  });
});
