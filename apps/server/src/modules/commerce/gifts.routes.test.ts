import type { Gift, GiftsResponse, Payment, SubscriptionsStatus } from '@coderoom/contracts';
import { AccountMessages, CheckoutMessages, LedgerEntryKind, SubscriptionStatus } from '@coderoom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, ledgerEntries, subscriptions } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, uniqueEmail, waitFor } from '../../test/harness.js';
import { seedPlans } from './commerce.seed.js';
import { giftCodes } from './gifts.repository.js';
import { SandboxCards } from './payments.processor.js';

// Gifts (docs/commerce.md "Gifts"): the gift payment writes its ledger row and the code together, the
// worker e-mails the code, a signed-in receiver redeems it once (concurrent redemptions grant once), and a
// refund revokes an unredeemed code or returns the redeemed one's subscription.

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  const adminUser = await buildUser(t.database, { admin: true });
  admin = new TestClient(t.app);
  await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
});
afterAll(async () => {
  await t.close();
});

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Gina Giver' });
let keys = 0;
const freshKey = () => `gift-${process.pid}-${++keys}`;

async function buyGift(client: TestClient, receiver: string, extra: Record<string, unknown> = {}) {
  return client.post('/api/commerce/checkout/gift', {
    plan: '300-12-6000',
    gift_email: receiver,
    card: card(SandboxCards.Succeeds),
    idempotency_key: freshKey(),
    ...extra,
  });
}

async function giftOf(paymentId: string) {
  const [row] = await t.database.db.select().from(giftCodes).where(eq(giftCodes.paymentId, paymentId));
  return row;
}

describe('buying a gift', () => {
  it('quotes the plan, and refuses a payment without a valid receiver address', async () => {
    const { client } = await signUp(t.app);
    const quote = await client.get('/api/commerce/checkout/gift?plan=300-12-6000');
    expect(quote.json()).toMatchObject({
      checkout_type: 'gift',
      stage: 'checkout',
      is_on_sale: true,
      item_title: 'Premium Annual, gift',
      total_price_usd: 352.8,
    });
    const missing = await client.post('/api/commerce/checkout/gift', {
      plan: '300-12-6000',
      card: card(SandboxCards.Succeeds),
      idempotency_key: freshKey(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ gift_email: CheckoutMessages.GiftEmailRequired });
    const invalid = await buyGift(client, 'not-an-address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ gift_email: AccountMessages.InvalidEmail });
    const business = await buyGift(client, uniqueEmail(), { plan: '300-12-6003' });
    expect(business.statusCode).toBe(404);
  });

  it('charges once, writes the code with the ledger row and e-mails it to the receiver', async () => {
    const { client, user } = await signUp(t.app);
    const receiver = uniqueEmail('receiver');
    const key = freshKey();
    const body = {
      plan: '300-12-6000',
      gift_email: receiver,
      card: card(SandboxCards.Succeeds),
      idempotency_key: key,
    };
    const first = await client.post('/api/commerce/checkout/gift', body);
    expect(first.statusCode).toBe(200);
    const payment = first.json() as Payment;
    expect(payment).toMatchObject({ status: 'succeeded', total_price_usd: 352.8, gift_email: receiver });
    // The same key again answers the same payment: one charge, one code.
    expect(((await client.post('/api/commerce/checkout/gift', body)).json() as Payment).payment_id).toBe(
      payment.payment_id,
    );
    const codes = await t.database.db.select().from(giftCodes).where(eq(giftCodes.buyerId, user.user_id));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ state: 'unredeemed', receiverEmail: receiver, planKey: '300-12-6000' });
    const ledger = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, payment.payment_id));
    expect(ledger).toMatchObject([{ entryKind: LedgerEntryKind.Charge, amountCents: 35280 }]);
    // The buyer has no subscription of their own from it.
    const status = (await client.get('/api/user/subscriptions-status')).json() as SubscriptionsStatus;
    expect(status.is_user_subscribed).toBe(false);
    const mail = await waitFor(async () => {
      const [row] = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, receiver));
      return row;
    }, 'the gift e-mail');
    expect(mail.textBody).toContain(codes[0]?.code);
    expect(mail.textBody).toContain('/redeem-gift?code=');
    expect(mail.subject).toContain('Premium Annual');
    const bought = (await client.get('/api/commerce/gifts')).json() as GiftsResponse;
    expect(bought.gifts).toMatchObject([
      { code: codes[0]?.code, state: 'unredeemed', receiver_email: receiver },
    ]);
  });

  it('declined with 4000…0002: no code, no ledger row', async () => {
    const { client, user } = await signUp(t.app);
    const declined = await buyGift(client, uniqueEmail(), { card: card(SandboxCards.Declined) });
    expect(declined.statusCode).toBe(400);
    expect(await t.database.db.select().from(giftCodes).where(eq(giftCodes.buyerId, user.user_id))).toEqual(
      [],
    );
  });
  it('writes no code when the ledger row cannot be written (one transaction)', async () => {
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
      expect((await buyGift(client, uniqueEmail())).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw(`DROP TRIGGER ledger_refuse_${id} ON ledger_entries`));
    }
    expect(await t.database.db.select().from(giftCodes).where(eq(giftCodes.buyerId, id))).toEqual([]);
  });
});

describe('redeeming a gift', () => {
  it('starts the receiver’s subscription once; a second redemption is refused', async () => {
    const { client: buyer } = await signUp(t.app);
    const payment = (await buyGift(buyer, uniqueEmail())).json() as Payment;
    const gift = await giftOf(payment.payment_id);
    const receiver = await signUp(t.app);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/commerce/gifts/redeem', { code: gift?.code })).statusCode).toBe(401);
    const redeemed = await receiver.client.post('/api/commerce/gifts/redeem', {
      code: ` ${gift?.code.toLowerCase()} `,
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json() as Gift).toMatchObject({ state: 'redeemed', plan_key: '300-12-6000', code: null });
    const status = (
      await receiver.client.get('/api/user/subscriptions-status')
    ).json() as SubscriptionsStatus;
    expect(status.is_user_subscribed).toBe(true);
    expect(status.subscriptions[0]).toMatchObject({
      plan_key: '300-12-6000',
      status: SubscriptionStatus.RenewalCancelled,
    });
    const again = await (await signUp(t.app)).client.post('/api/commerce/gifts/redeem', { code: gift?.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorText).toBe(CheckoutMessages.GiftRedeemed);
    const unknown = await receiver.client.post('/api/commerce/gifts/redeem', { code: 'GIFT-2345-6789-ABCD' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorText).toBe(CheckoutMessages.GiftNotFound);
    // The buyer no longer sees the code once it is redeemed.
    expect(((await buyer.get('/api/commerce/gifts')).json() as GiftsResponse).gifts[0]?.code).toBeNull();
  });

  it('grants once when several receivers redeem the same code at the same time', async () => {
    const { client: buyer } = await signUp(t.app);
    const payment = (await buyGift(buyer, uniqueEmail())).json() as Payment;
    const gift = await giftOf(payment.payment_id);
    const receivers = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const answers = await Promise.all(
      receivers.map(({ client }) => client.post('/api/commerce/gifts/redeem', { code: gift?.code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const granted = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, (await giftOf(payment.payment_id))?.subscriptionId ?? 0));
    expect(granted).toHaveLength(1);
    const ids = receivers.map(({ user }) => user.user_id);
    const all = await Promise.all(
      ids.map((id) => t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id))),
    );
    expect(all.flat()).toHaveLength(1);
  });

  it('is refused to a receiver who already has a current plan', async () => {
    const { client: buyer } = await signUp(t.app);
    const payment = (await buyGift(buyer, uniqueEmail())).json() as Payment;
    const gift = await giftOf(payment.payment_id);
    const subscribed = await signUp(t.app);
    expect(
      (
        await subscribed.client.post('/api/commerce/checkout/subscription_buy', {
          plan: '200-12-6000',
          card: card(SandboxCards.Succeeds),
          idempotency_key: freshKey(),
        })
      ).statusCode,
    ).toBe(200);
    const refused = await subscribed.client.post('/api/commerce/gifts/redeem', { code: gift?.code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorText).toBe(CheckoutMessages.GiftWhileSubscribed);
    expect((await giftOf(payment.payment_id))?.state).toBe('unredeemed');
  });
});

describe('refunding a gift', () => {
  it('revokes an unredeemed code in the refund’s transaction', async () => {
    const { client: buyer } = await signUp(t.app);
    const payment = (await buyGift(buyer, uniqueEmail())).json() as Payment;
    const refund = await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {});
    expect(refund.statusCode).toBe(200);
    expect((await giftOf(payment.payment_id))?.state).toBe('revoked');
    const gift = await giftOf(payment.payment_id);
    const late = await (await signUp(t.app)).client.post('/api/commerce/gifts/redeem', { code: gift?.code });
    expect(late.statusCode).toBe(400);
    expect(late.json().errorText).toBe(CheckoutMessages.GiftRevoked);
  });

  it('returns the receiver’s subscription when the redeemed gift is refunded', async () => {
    const { client: buyer } = await signUp(t.app);
    const payment = (await buyGift(buyer, uniqueEmail())).json() as Payment;
    const gift = await giftOf(payment.payment_id);
    const receiver = await signUp(t.app);
    expect((await receiver.client.post('/api/commerce/gifts/redeem', { code: gift?.code })).statusCode).toBe(
      200,
    );
    expect(
      (await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {})).statusCode,
    ).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, receiver.user.user_id)));
    expect(row?.status).toBe(SubscriptionStatus.Returned);
    expect((await giftOf(payment.payment_id))?.state).toBe('redeemed');
    const status = (
      await receiver.client.get('/api/user/subscriptions-status')
    ).json() as SubscriptionsStatus;
    expect(status.is_user_subscribed).toBe(false);
  });
});
