import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBraintreeProcessor } from './braintree.processor.js';
import { type FakeBraintree, startFakeBraintree } from './braintree.test-support.js';
import { SandboxCards } from './payments.processor.js';

// The Braintree adapter through the official SDK against a local fake of Braintree's gateway API.

const KEYS = { merchantId: 'merchant_fake', publicKey: 'pub_fake', privateKey: 'priv_fake' };
let fake: FakeBraintree;
let braintree: ReturnType<typeof createBraintreeProcessor>;
beforeAll(async () => {
  fake = await startFakeBraintree(KEYS);
  braintree = createBraintreeProcessor({
    ...KEYS,
    environment: 'sandbox',
    endpoint: { host: '127.0.0.1', port: fake.port },
  });
});
afterAll(() => fake.close());

const card = (number: string, cvc = '123') => ({ number, exp_month: 12, exp_year: 2099, cvc });
let keys = 0;
const withNonce = (nonce: string, amountCents = 2900) =>
  braintree.charge({
    paymentId: 'pay_1',
    amountCents,
    idempotencyKey: `key-${++keys}`,
    card: card(SandboxCards.Succeeds),
    paymentToken: nonce,
  });

describe('Braintree adapter', () => {
  it('hands out a client token for the Drop-in', async () => {
    const token = await braintree.clientToken();
    expect(Buffer.from(token, 'base64').toString()).toMatch(/^fake-client-token-/);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/merchants/${KEYS.merchantId}/client_token`,
    });
  });

  it('sells against a nonce, submitted for settlement, and keeps the card in the vault', async () => {
    const result = await withNonce(fake.tokenize(SandboxCards.Succeeds), 2900);
    expect(result).toMatchObject({
      status: 'succeeded',
      ref: expect.any(String),
      methodRef: expect.stringMatching(/^tok_/),
    });
    const sent = fake.requests.at(-1)?.body.transaction as Record<string, unknown>;
    expect(sent).toMatchObject({
      amount: '29.00',
      type: 'sale',
      payment_method_nonce: expect.stringMatching(/^fake-nonce-/),
      options: { submit_for_settlement: true, store_in_vault_on_success: true },
    });
    expect(sent.credit_card).toBeUndefined();
  });

  it('answers a nonce used twice with 93107 (nonce consumed), charging nothing the second time', async () => {
    const nonce = fake.tokenize(SandboxCards.Succeeds);
    expect((await withNonce(nonce)).status).toBe('succeeded');
    expect(await withNonce(nonce)).toEqual({
      status: 'failed',
      code: '93107',
      message: 'Could not process your request at the moment',
      retryable: false,
    });
  });

  it('maps processor_declined and gateway_rejected to declines with the spec codes', async () => {
    const declined = await withNonce(fake.tokenize(SandboxCards.Declined));
    expect(declined).toMatchObject({ status: 'failed', code: 'processor_declined', retryable: false });
    if (declined.status !== 'failed') throw new Error('expected a decline');
    expect(declined.message).toMatch(/^Your card was declined\./);
    expect(await withNonce(fake.tokenize(SandboxCards.Succeeds, '200'))).toMatchObject({
      status: 'failed',
      code: 'gateway_rejected',
      retryable: false,
    });
  });

  it('sells a card sent by the server (no nonce), and a dropped connection is network unavailable (3000)', async () => {
    const sold = await braintree.charge({
      paymentId: 'pay_2',
      amountCents: 1500,
      idempotencyKey: 'raw-1',
      card: card('4242 4242 4242 4242'),
    });
    expect(sold).toMatchObject({ status: 'succeeded' });
    expect(fake.requests.at(-1)?.body.transaction).toMatchObject({
      amount: '15.00',
      order_id: 'raw-1',
      credit_card: { number: SandboxCards.Succeeds, expiration_month: '12', expiration_year: '2099' },
    });
    expect(
      await braintree.charge({
        paymentId: 'pay_3',
        amountCents: 1500,
        idempotencyKey: 'raw-2',
        card: card(SandboxCards.NetworkUnavailable),
      }),
    ).toMatchObject({ status: 'failed', code: '3000', retryable: true });
  });

  it('verifies and vaults a card when nothing is charged, and charges the stored card for a renewal', async () => {
    const saved = await braintree.charge({
      paymentId: 'pay_4',
      amountCents: 0,
      idempotencyKey: 'trial-1',
      card: card(SandboxCards.Succeeds),
    });
    expect(fake.requests.at(-1)?.path).toBe(`/merchants/${KEYS.merchantId}/customers`);
    if (saved.status !== 'succeeded' || !saved.methodRef) throw new Error('expected a vaulted card');
    const renewal = await braintree.chargeStored({
      methodRef: saved.methodRef,
      amountCents: 2900,
      idempotencyKey: 'renewal-1',
    });
    expect(renewal).toMatchObject({ status: 'succeeded' });
    expect(fake.requests.at(-1)?.body.transaction).toMatchObject({
      payment_method_token: saved.methodRef,
      transaction_source: 'recurring',
      amount: '29.00',
    });

    // A card that verifies but whose later charges the bank declines: the renewal is declined.
    const weak = await braintree.charge({
      paymentId: 'pay_5',
      amountCents: 0,
      idempotencyKey: 'trial-2',
      card: card(SandboxCards.DeclinesAfterAttach),
    });
    if (weak.status !== 'succeeded' || !weak.methodRef) throw new Error('expected a vaulted card');
    expect(
      await braintree.chargeStored({
        methodRef: weak.methodRef,
        amountCents: 2900,
        idempotencyKey: 'renewal-2',
      }),
    ).toMatchObject({ status: 'failed', code: 'processor_declined' });

    // A declined verification vaults nothing.
    expect(
      await braintree.charge({
        paymentId: 'pay_6',
        amountCents: 0,
        idempotencyKey: 'trial-3',
        card: card(SandboxCards.Declined),
      }),
    ).toMatchObject({ status: 'failed', code: 'processor_declined' });
  });

  it('refunds a settled sale once per key, and voids an unsettled one in full', async () => {
    const sold = await withNonce(fake.tokenize(SandboxCards.Succeeds), 5000);
    if (sold.status !== 'succeeded') throw new Error('expected a sale');
    // Not settled: part of it cannot be refunded...
    expect(
      await braintree.refund({ paymentRef: sold.ref, amountCents: 1000, idempotencyKey: 'r-0' }),
    ).toEqual({
      status: 'failed',
      message: expect.any(String),
    });
    fake.settle(sold.ref);
    const first = await braintree.refund({ paymentRef: sold.ref, amountCents: 1000, idempotencyKey: 'r-1' });
    const again = await braintree.refund({ paymentRef: sold.ref, amountCents: 1000, idempotencyKey: 'r-1' });
    expect(first).toMatchObject({ status: 'succeeded' });
    expect(again).toEqual(first);
    expect(fake.refundsOf(sold.ref)).toEqual([{ id: expect.any(String), amount: '10.00', orderId: 'r-1' }]);
    // More than is left is refused.
    expect(
      await braintree.refund({ paymentRef: sold.ref, amountCents: 4500, idempotencyKey: 'r-2' }),
    ).toMatchObject({ status: 'failed' });

    // An unsettled sale refunded in full is voided: the cardholder is never charged.
    const other = await withNonce(fake.tokenize(SandboxCards.Succeeds), 2000);
    if (other.status !== 'succeeded') throw new Error('expected a sale');
    expect(
      await braintree.refund({ paymentRef: other.ref, amountCents: 2000, idempotencyKey: 'r-3' }),
    ).toEqual({
      status: 'succeeded',
      ref: `void_${other.ref}`,
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: expect.stringMatching(/\/void$/) });
  });

  it('refuses a wrong key as the gateway does (thrown, not taken for a decline)', async () => {
    const wrong = createBraintreeProcessor({
      ...KEYS,
      privateKey: 'priv_wrong',
      environment: 'sandbox',
      endpoint: { host: '127.0.0.1', port: fake.port },
    });
    await expect(
      wrong.charge({
        paymentId: 'p',
        amountCents: 100,
        idempotencyKey: 'k',
        card: card(SandboxCards.Succeeds),
      }),
    ).rejects.toMatchObject({ type: 'authenticationError' });
  });
});
