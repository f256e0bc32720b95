import { PaymentMessages } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxCards } from './payments.processor.js';
import { createPaypalProcessor, type PaypalProcessorOptions } from './paypal.processor.js';
import { type FakePaypal, startFakePaypal } from './paypal.test-support.js';

// The PayPal adapter through PayPal's official server SDK against a local fake of PayPal's REST API.

const CREDENTIALS = { clientId: 'client_fake', clientSecret: 'secret_fake' };
let fake: FakePaypal;
let paypal: ReturnType<typeof createPaypalProcessor>;
const adapter = (overrides: Partial<PaypalProcessorOptions> = {}) =>
  createPaypalProcessor({
    ...CREDENTIALS,
    environment: 'sandbox',
    recurringEnabled: true,
    inrPerUsd: 84,
    endpoint: { host: '127.0.0.1', port: fake.port },
    ...overrides,
  });
beforeAll(async () => {
  fake = await startFakePaypal(CREDENTIALS);
  paypal = adapter();
});
afterAll(() => fake.close());

const card = (number: string) => ({ number, exp_month: 7, exp_year: 2099, cvc: '123' });
let keys = 0;
const charge = (
  number: string,
  amountCents = 2900,
  extra: Partial<Parameters<typeof paypal.charge>[0]> = {},
) =>
  paypal.charge({
    paymentId: 'pay_1',
    amountCents,
    idempotencyKey: `key-${++keys}`,
    card: card(number),
    ...extra,
  });
const ordersCreated = () => fake.requests.filter((request) => request.path === '/v2/checkout/orders');

describe('PayPal adapter', () => {
  it('creates an order with the card and captures it, with PayPal-Request-Id from our key', async () => {
    const result = await paypal.charge({
      paymentId: 'pay_7',
      amountCents: 2900,
      idempotencyKey: 'idem-7',
      card: card(SandboxCards.Succeeds),
    });
    expect(result).toMatchObject({ status: 'succeeded', ref: expect.stringMatching(/^CAP/) });
    const [create, capture] = fake.requests.slice(-2);
    expect(create).toMatchObject({ method: 'POST', path: '/v2/checkout/orders', requestId: 'create-idem-7' });
    expect(create?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '29.00' }, custom_id: 'pay_7' }],
      payment_source: { card: { number: SandboxCards.Succeeds, expiry: '2099-07', security_code: '123' } },
    });
    expect(capture).toMatchObject({
      path: expect.stringMatching(/^\/v2\/checkout\/orders\/ORD\d+\/capture$/),
    });
    // One-off purchase: the card is not vaulted.
    expect(result).not.toHaveProperty('methodRef');
  });

  it('answers the same key with the same order and capture (PayPal-Request-Id), charging once', async () => {
    const request = {
      paymentId: 'pay_8',
      amountCents: 1500,
      idempotencyKey: 'idem-8',
      card: card(SandboxCards.Succeeds),
    };
    const first = await paypal.charge(request);
    const again = await paypal.charge(request);
    expect(again).toEqual(first);
    const creates = ordersCreated().filter((sent) => sent.requestId === 'create-idem-8');
    expect(creates).toHaveLength(2);
  });

  it('maps a DECLINED capture to a decline (2000) and a dropped connection to network unavailable (3000)', async () => {
    expect(await charge(SandboxCards.Declined)).toMatchObject({
      status: 'failed',
      code: '2000',
      retryable: false,
    });
    expect(await charge(SandboxCards.NetworkUnavailable)).toMatchObject({
      status: 'failed',
      code: '3000',
      retryable: true,
    });
  });

  it('waits for the payer action (3-D Secure), captures after it, and refuses a cancelled one', async () => {
    const pending = await charge(SandboxCards.RequiresThreeDSecure);
    if (pending.status !== 'requires_action') throw new Error('expected requires_action');
    // Not approved yet at PayPal: the capture is refused and nothing is charged.
    expect(await paypal.confirmAction(pending.ref, true)).toMatchObject({
      status: 'failed',
      code: 'three_d_secure_failed',
    });
    fake.completePayerAction(pending.ref);
    expect(await paypal.confirmAction(pending.ref, true)).toMatchObject({ status: 'succeeded' });
    const cancelled = await charge(SandboxCards.RequiresThreeDSecure);
    if (cancelled.status !== 'requires_action') throw new Error('expected requires_action');
    expect(await paypal.confirmAction(cancelled.ref, false)).toMatchObject({ status: 'failed' });
  });

  it('allows recurring only for user plans of 1 or 12 months under 15000 INR (001 §5), else suggests PayPal Checkout', async () => {
    // 84 INR per USD: $178.56 is 14999.04 INR (allowed); $178.58 is 15000.72 INR (refused).
    const user = (validityMonths: number, priceCents: number) =>
      ({ planType: 'user', validityMonths, priceCents }) as const;
    expect(paypal.allowsRecurring(user(12, 17856))).toBe(true);
    expect(paypal.allowsRecurring(user(1, 1900))).toBe(true);
    expect(paypal.allowsRecurring(user(12, 17858))).toBe(false);
    expect(paypal.allowsRecurring(user(24, 1900))).toBe(false);
    expect(paypal.allowsRecurring(user(3, 1900))).toBe(false);
    expect(
      paypal.allowsRecurring({ planType: 'enterprise_team', validityMonths: 12, priceCents: 1900 }),
    ).toBe(false);
    expect(adapter({ recurringEnabled: false }).allowsRecurring(user(12, 1900))).toBe(false);
    expect(adapter({ recurringInrLimit: 20_000 }).allowsRecurring(user(12, 17858))).toBe(true);

    const before = ordersCreated().length;
    const refused = await charge(SandboxCards.Succeeds, 17858, { recurring: user(12, 17858) });
    expect(refused).toEqual({
      status: 'failed',
      code: 'paypal_recurring_not_allowed',
      message: PaymentMessages.TryPaypal,
      retryable: false,
    });
    expect(ordersCreated()).toHaveLength(before);

    // An allowed plan vaults the card; the renewal charges the vaulted card as a merchant-initiated payment.
    const bought = await charge(SandboxCards.Succeeds, 1900, { recurring: user(1, 1900) });
    expect(ordersCreated().at(-1)?.body).toMatchObject({
      payment_source: { card: { attributes: { vault: { store_in_vault: 'ON_SUCCESS' } } } },
    });
    if (bought.status !== 'succeeded' || !bought.methodRef) throw new Error('expected a vaulted card');
    const renewal = await paypal.chargeStored({
      methodRef: bought.methodRef,
      amountCents: 1900,
      idempotencyKey: 'renew-1',
    });
    expect(renewal).toMatchObject({ status: 'succeeded' });
    expect(ordersCreated().at(-1)?.body).toMatchObject({
      payment_source: {
        card: {
          vault_id: bought.methodRef,
          stored_credential: {
            payment_initiator: 'MERCHANT',
            payment_type: 'RECURRING',
            usage: 'SUBSEQUENT',
          },
        },
      },
    });
    const weak = await charge(SandboxCards.DeclinesAfterAttach, 1900, { recurring: user(1, 1900) });
    if (weak.status !== 'succeeded' || !weak.methodRef) throw new Error('expected a vaulted card');
    expect(
      await paypal.chargeStored({ methodRef: weak.methodRef, amountCents: 1900, idempotencyKey: 'renew-2' }),
    ).toMatchObject({ status: 'failed', code: '2000' });
  });

  it('refunds a capture once per key, and refuses more than is left', async () => {
    const sold = await charge(SandboxCards.Succeeds, 5000);
    if (sold.status !== 'succeeded') throw new Error('expected a capture');
    const first = await paypal.refund({ paymentRef: sold.ref, amountCents: 2000, idempotencyKey: 'r-1' });
    const again = await paypal.refund({ paymentRef: sold.ref, amountCents: 2000, idempotencyKey: 'r-1' });
    expect(first).toMatchObject({ status: 'succeeded', ref: expect.stringMatching(/^REF/) });
    expect(again).toEqual(first);
    expect(fake.refundsOf(sold.ref)).toEqual([{ id: expect.any(String), value: '20.00' }]);
    expect(fake.requests.at(-1)).toMatchObject({ requestId: 'refund-r-1' });
    expect(
      await paypal.refund({ paymentRef: sold.ref, amountCents: 3001, idempotencyKey: 'r-2' }),
    ).toMatchObject({
      status: 'failed',
    });
    expect(
      await paypal.refund({ paymentRef: sold.ref, amountCents: 3000, idempotencyKey: 'r-3' }),
    ).toMatchObject({
      status: 'succeeded',
    });
  });

  it('refuses wrong credentials as PayPal does (thrown, not taken for a decline)', async () => {
    await expect(
      adapter({ clientSecret: 'wrong' }).charge({
        paymentId: 'p',
        amountCents: 100,
        idempotencyKey: 'k',
        card: card(SandboxCards.Succeeds),
      }),
    ).rejects.toThrow();
  });
});
