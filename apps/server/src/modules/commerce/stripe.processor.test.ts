import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxCards } from './payments.processor.js';
import { createStripeProcessor } from './stripe.processor.js';
import { type FakeStripe, startFakeStripe } from './stripe.test-support.js';

// The Stripe adapter through the official SDK against a local fake of Stripe's API.

const KEY = 'sk_test_fake_key';
let fake: FakeStripe;
let stripe: ReturnType<typeof createStripeProcessor>;
beforeAll(async () => {
  fake = await startFakeStripe(KEY);
  stripe = createStripeProcessor({ apiKey: KEY, host: '127.0.0.1', port: fake.port, protocol: 'http' });
});
afterAll(() => fake.close());

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123' });
const charge = (number: string, amountCents = 2900, key = `key-${Math.random()}`) =>
  stripe.charge({ paymentId: 'pay_1', amountCents, idempotencyKey: key, card: card(number) });

describe('Stripe adapter', () => {
  it('charges a card with a PaymentIntent, sending our idempotency key', async () => {
    const result = await charge(SandboxCards.Succeeds, 2900, 'idem-1');
    expect(result).toMatchObject({
      status: 'succeeded',
      ref: expect.stringMatching(/^pi_/),
      methodRef: expect.stringMatching(/^pm_/),
    });
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'idem-1' });
    expect(sent?.form.get('amount')).toBe('2900');
    expect(sent?.form.get('currency')).toBe('usd');
  });

  it('maps a card error to a decline (2000) and a dropped connection to network unavailable (3000)', async () => {
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

  it('takes requires_action through the confirmation, or cancels it', async () => {
    const pending = await charge(SandboxCards.RequiresThreeDSecure);
    expect(pending.status).toBe('requires_action');
    if (pending.status !== 'requires_action') return;
    expect(await stripe.confirmAction(pending.ref, true)).toMatchObject({
      status: 'succeeded',
      ref: pending.ref,
    });
    const other = await charge(SandboxCards.RequiresThreeDSecure);
    if (other.status !== 'requires_action') throw new Error('expected requires_action');
    expect(await stripe.confirmAction(other.ref, false)).toMatchObject({
      status: 'failed',
      code: 'three_d_secure_failed',
    });
  });

  it('checks a card with a SetupIntent when nothing is charged, and charges the saved card later', async () => {
    const saved = await charge(SandboxCards.DeclinesAfterAttach, 0);
    expect(fake.requests.at(-1)?.path).toBe('/v1/setup_intents');
    if (saved.status !== 'succeeded' || !saved.methodRef) throw new Error('expected a saved card');
    const renewal = await stripe.chargeStored({
      methodRef: saved.methodRef,
      amountCents: 2900,
      idempotencyKey: 'renewal-1',
    });
    expect(renewal).toMatchObject({ status: 'failed', code: '2000' });
    const good = await charge(SandboxCards.Succeeds, 0);
    if (good.status !== 'succeeded' || !good.methodRef) throw new Error('expected a saved card');
    expect(
      await stripe.chargeStored({
        methodRef: good.methodRef,
        amountCents: 2900,
        idempotencyKey: 'renewal-2',
      }),
    ).toMatchObject({ status: 'succeeded' });
    expect(fake.requests.at(-1)?.form.get('off_session')).toBe('true');
  });

  it('refuses a wrong key as the API does (the error is thrown, not taken for a decline)', async () => {
    const wrong = createStripeProcessor({
      apiKey: 'sk_test_wrong',
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    });
    await expect(
      wrong.charge({
        paymentId: 'p',
        amountCents: 100,
        idempotencyKey: 'k',
        card: card(SandboxCards.Succeeds),
      }),
    ).rejects.toThrow(/Invalid API Key/);
  });
});
