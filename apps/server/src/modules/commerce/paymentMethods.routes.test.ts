import type { PaymentMethodsResponse } from '@coderoom/contracts';
import { CommerceMessages } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import * as repo from './commerce.repository.js';
import { seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const card = (number: string) => ({ number, exp_month: 11, exp_year: 2098, cvc: '123', name: 'Mel Method' });
const BASE = '/api/commerce/payment-methods';

describe('saved cards', () => {
  it('lists newest first, keeps a re-added card in its place, selects, and deletes', async () => {
    const { client, user } = await signUp(t.app);
    expect((await client.get(BASE)).json()).toEqual({ payment_methods: [] });
    await client.post('/api/commerce/checkout/subscription_buy', {
      idempotency_key: `pm-test-${process.pid}`,
      plan: '100-1-6000',
      card: card(SandboxCards.Succeeds),
    });
    t.clock.advance(60_000);
    const added = (
      await client.post(BASE, { card: card('5555 5555 5555 4444') })
    ).json() as PaymentMethodsResponse;
    expect(added.payment_methods.map((method) => [method.last_4, method.is_selected])).toEqual([
      ['4444', false],
      ['4242', true],
    ]);
    expect(added.payment_methods[0]).toMatchObject({
      source_card_type: 'mastercard',
      masked_number: '•••• •••• •••• 4444',
    });
    t.clock.advance(60_000);
    const again = (
      await client.post(BASE, { card: card(SandboxCards.Succeeds) })
    ).json() as PaymentMethodsResponse;
    expect(again.payment_methods.map((method) => method.last_4)).toEqual(['4444', '4242']);

    const [subscription] = await repo.findSubscriptionsOf(t.database.db, user.user_id);
    const mastercard = added.payment_methods[0]?.id ?? 0;
    const selected = await client.put(`/api/commerce/subscriptions/${subscription?.id}/payment-method`, {
      payment_method_id: mastercard,
    });
    expect(selected.json().payment_methods[0]).toMatchObject({ last_4: '4444', is_selected: true });

    const deleted = (
      await client.request('DELETE', `${BASE}/${mastercard}`)
    ).json() as PaymentMethodsResponse;
    expect(deleted.payment_methods.map((method) => method.last_4)).toEqual(['4242']);
    const [after] = await repo.findSubscriptionsOf(t.database.db, user.user_id);
    expect(after?.paymentMethodId).toBeNull();
  });

  it('refuses declined cards, other people’s cards, and visitors', async () => {
    const { client } = await signUp(t.app);
    const declined = await client.post(BASE, { card: card(SandboxCards.Declined) });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().errorText).toBe(CommerceMessages.CardDeclined);
    const mine = (
      await client.post(BASE, { card: card(SandboxCards.Succeeds) })
    ).json() as PaymentMethodsResponse;
    const id = mine.payment_methods[0]?.id;
    const stranger = await signUp(t.app);
    expect((await stranger.client.request('DELETE', `${BASE}/${id}`)).statusCode).toBe(404);
    expect((await client.get(BASE)).json().payment_methods).toHaveLength(1);
    expect((await new TestClient(t.app).get(BASE)).statusCode).toBe(401);
    expect((await client.post(BASE, { card: card(SandboxCards.Succeeds), extra: 1 })).statusCode).toBe(400);
  });
});
