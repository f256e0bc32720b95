import { PaymentMessages } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxCards } from './payments.processor.js';
import { createRazorpayProcessor } from './razorpay.processor.js';
import { type FakeRazorpay, startFakeRazorpay } from './razorpay.test-support.js';

// The Razorpay adapter through the official SDK against a local fake of Razorpay's API and Checkout.

const KEYS = { keyId: 'rzp_test_fake', keySecret: 'secret_fake' };
let fake: FakeRazorpay;
let razorpay: ReturnType<typeof createRazorpayProcessor>;
beforeAll(async () => {
  fake = await startFakeRazorpay(KEYS);
  razorpay = createRazorpayProcessor({ ...KEYS, baseUrl: fake.baseUrl });
});
afterAll(() => fake.close());

const card = { number: SandboxCards.Succeeds, exp_month: 12, exp_year: 2099, cvc: '123' };
let keys = 0;
async function order(amountCents = 2900): Promise<string> {
  const created = await razorpay.charge({
    paymentId: 'pay_1',
    amountCents,
    idempotencyKey: `key-${++keys}`,
    card,
  });
  if (created.status !== 'requires_action') throw new Error(`expected an order, got ${created.status}`);
  return created.ref;
}
async function paid(amountCents = 2900) {
  const orderId = await order(amountCents);
  const result = await razorpay.confirmAction(orderId, true, fake.pay(orderId, SandboxCards.Succeeds));
  if (result.status !== 'succeeded') throw new Error('expected a captured payment');
  return result.ref;
}

describe('Razorpay adapter', () => {
  it('creates an order for Checkout, then verifies the signature and captures the payment', async () => {
    const orderId = await razorpay.charge({
      paymentId: 'pay_9',
      amountCents: 2900,
      idempotencyKey: 'idem-9',
      card,
    });
    expect(orderId).toMatchObject({ status: 'requires_action', ref: expect.stringMatching(/^order_/) });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      body: { amount: 2900, currency: 'USD', receipt: 'idem-9', notes: { payment_id: 'pay_9' } },
    });
    // Our card fields are never sent: Checkout collects the card.
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toContain(SandboxCards.Succeeds);
    if (orderId.status !== 'requires_action') return;
    expect(razorpay.checkoutOptions(orderId.ref)).toEqual({ key: KEYS.keyId, order_id: orderId.ref });

    const proof = fake.pay(orderId.ref, SandboxCards.Succeeds);
    const captured = await razorpay.confirmAction(orderId.ref, true, proof);
    expect(captured).toEqual({ status: 'succeeded', ref: proof.razorpay_payment_id });
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/payments/${proof.razorpay_payment_id}/capture`,
      body: { amount: 2900, currency: 'USD' },
    });
    // Confirmed again (a double click): already captured, nothing captured twice.
    expect(await razorpay.confirmAction(orderId.ref, true, proof)).toEqual(captured);
  });

  it('refuses a forged signature, and a payment of another order, capturing nothing', async () => {
    const orderId = await order();
    const proof = fake.pay(orderId, SandboxCards.Succeeds);
    const before = fake.requests.length;
    const forged = await razorpay.confirmAction(orderId, true, {
      ...proof,
      razorpay_signature: '0'.repeat(64),
    });
    expect(forged).toEqual({
      status: 'failed',
      code: 'signature_mismatch',
      message: PaymentMessages.CouldNotProcess,
      retryable: false,
    });
    expect(fake.requests.length).toBe(before);
    // A genuine signature for one order does not pay another.
    const other = await order();
    expect(await razorpay.confirmAction(other, true, proof)).toMatchObject({
      status: 'failed',
      code: 'signature_mismatch',
    });
    expect(
      fake.requests.some(
        (request) => request.path.endsWith('/capture') && request.path.includes(proof.razorpay_payment_id),
      ),
    ).toBe(false);
  });

  it('maps a failed (declined) payment to a decline (2000), and a dropped connection to 3000', async () => {
    const orderId = await order();
    const proof = fake.pay(orderId, SandboxCards.Declined);
    expect(proof).not.toHaveProperty('razorpay_signature');
    expect(await razorpay.confirmAction(orderId, true, proof)).toMatchObject({
      status: 'failed',
      code: '2000',
      retryable: false,
    });
    fake.setDown(true);
    try {
      expect(
        await razorpay.charge({ paymentId: 'p', amountCents: 2900, idempotencyKey: 'down', card }),
      ).toMatchObject({ status: 'failed', code: '3000', retryable: true });
    } finally {
      fake.setDown(false);
    }
  });

  it('refunds once per key, and refuses more than was captured', async () => {
    const paymentId = await paid(5000);
    const first = await razorpay.refund({ paymentRef: paymentId, amountCents: 2000, idempotencyKey: 'r-1' });
    const again = await razorpay.refund({ paymentRef: paymentId, amountCents: 2000, idempotencyKey: 'r-1' });
    expect(first).toMatchObject({ status: 'succeeded', ref: expect.stringMatching(/^rfnd_/) });
    expect(again).toEqual(first);
    expect(fake.refundsOf(paymentId)).toEqual([{ id: expect.any(String), amount: 2000 }]);
    expect(
      await razorpay.refund({ paymentRef: paymentId, amountCents: 3001, idempotencyKey: 'r-2' }),
    ).toMatchObject({ status: 'failed' });
    expect(
      await razorpay.refund({ paymentRef: paymentId, amountCents: 3000, idempotencyKey: 'r-3' }),
    ).toMatchObject({ status: 'succeeded' });
  });

  it('refuses a wrong key (thrown, not taken for a decline)', async () => {
    const wrong = createRazorpayProcessor({ ...KEYS, keySecret: 'wrong', baseUrl: fake.baseUrl });
    await expect(
      wrong.charge({ paymentId: 'p', amountCents: 100, idempotencyKey: 'k', card }),
    ).rejects.toThrow(/Razorpay refused the key/);
  });
});
