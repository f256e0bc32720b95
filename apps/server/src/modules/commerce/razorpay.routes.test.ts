import type { Payment } from '@coderoom/contracts';
import { FeatureSet, LedgerEntryKind, PaymentMessages, SubscriptionStatus } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, type TestClient } from '../../test/harness.js';
import * as repo from './commerce.repository.js';
import { seedCoursePrice, seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';
import { createRazorpayProcessor } from './razorpay.processor.js';
import { type FakeRazorpay, startFakeRazorpay } from './razorpay.test-support.js';

// Checkout through the app with the Razorpay adapter configured: the checkout creates a Razorpay order and
// waits (requires_action); the learner pays in Razorpay Checkout (the fake's `pay`); the confirm call brings
// Checkout's payment id and signature, checked before the capture; grant and ledger row land together.

const KEYS = { keyId: 'rzp_test_routes', keySecret: 'secret_routes' };
let fake: FakeRazorpay;
let t: TestApp;
let go: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  fake = await startFakeRazorpay(KEYS);
  t = await buildTestApp({
    deps: { paymentProcessor: createRazorpayProcessor({ ...KEYS, baseUrl: fake.baseUrl }) },
  });
  await seedPlans(t.database.db);
  go = await buildCourse(t.database, { title: 'Go by Razorpay', isFree: false, lessons: 3, preview: [0, 1] });
  await seedCoursePrice(t.database.db, go.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const card = { number: SandboxCards.Succeeds, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Razor Pay' };
let keys = 0;
const lesson = () => `/api/reader/collection/${go.author.id}/${go.collection.id}/page/${go.pageIds[2]}`;

async function startCheckout(client: TestClient) {
  const response = await client.post('/api/commerce/checkout/subscription_buy', {
    plan: '200-12-6000',
    card,
    idempotency_key: `razorpay-route-${process.pid}-${++keys}`,
  });
  expect(response.statusCode).toBe(200);
  const payment = response.json() as Payment;
  expect(payment.status).toBe('requires_action');
  const orderId = (await repo.findPayment(t.database.db, payment.payment_id))?.processorRef ?? '';
  expect(orderId).toMatch(/^order_/);
  return { payment, orderId };
}

describe('checkout with Razorpay configured', () => {
  it('captures the payment Checkout reports with a valid signature, granting the plan with its ledger row', async () => {
    const { client, user } = await signUp(t.app);
    const { payment, orderId } = await startCheckout(client);
    expect((await client.get(lesson())).statusCode).toBe(403);
    const proof = fake.pay(orderId, SandboxCards.Succeeds);
    const confirmed = await client.post(`/api/commerce/payments/${payment.payment_id}/confirm`, {
      approved: true,
      razorpay_payment_id: proof.razorpay_payment_id,
      razorpay_signature: proof.razorpay_signature,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as Payment).status).toBe('succeeded');
    const [ledger] = await repo.findLedgerOfPayment(t.database.db, payment.payment_id);
    const [subscription] = await repo.findSubscriptionsOf(t.database.db, user.user_id);
    expect(ledger).toMatchObject({
      entryKind: LedgerEntryKind.Charge,
      processor: 'razorpay',
      processorRef: proof.razorpay_payment_id,
    });
    expect(subscription).toMatchObject({ planKey: '200-12-6000', status: SubscriptionStatus.Active });
    expect(ledger?.subscriptionId).toBe(subscription?.id);
    expect((await client.get(lesson())).statusCode).toBe(200);
  });

  it('refuses a forged signature: nothing captured, nothing granted', async () => {
    const { client, user } = await signUp(t.app);
    const { payment, orderId } = await startCheckout(client);
    const proof = fake.pay(orderId, SandboxCards.Succeeds);
    const forged = await client.post(`/api/commerce/payments/${payment.payment_id}/confirm`, {
      approved: true,
      razorpay_payment_id: proof.razorpay_payment_id,
      razorpay_signature: 'f'.repeat(64),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      errorText: PaymentMessages.CouldNotProcess,
      code: 'signature_mismatch',
    });
    expect(
      fake.requests.some((request) => request.path.endsWith(`${proof.razorpay_payment_id}/capture`)),
    ).toBe(false);
    expect(await repo.findSubscriptionsOf(t.database.db, user.user_id)).toEqual([]);
    expect(await repo.findLedgerOf(t.database.db, user.user_id)).toEqual([]);
  });

  it('validates the proof fields', async () => {
    const { client } = await signUp(t.app);
    const { payment } = await startCheckout(client);
    const bad = await client.post(`/api/commerce/payments/${payment.payment_id}/confirm`, {
      approved: true,
      razorpay_payment_id: 'not a payment',
    });
    expect(bad.statusCode).toBe(400);
    expect((await repo.findPayment(t.database.db, payment.payment_id))?.status).toBe('requires_action');
  });
});
