import {
  type CheckoutQuote,
  type Payment,
  ReferralCheckResponseSchema,
  ReferralSummarySchema,
} from '@coderoom/contracts';
import { GrowthMessages, REFERRAL_CREDIT_CENTS, SubscriptionKind } from '@coderoom/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, referrals, subscriptions, users } from '../../db/schema.js';
import {
  buildTestApp,
  signUp,
  type TestApp,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
  waitFor,
} from '../../test/harness.js';
import { seedPlans } from '../commerce/commerce.seed.js';
import { SandboxCards } from '../commerce/payments.processor.js';

// Referrals: a learner's code and link, a friend's sign-up with it, and the credit taken off the
// referrer's next payment (checkout or renewal) in that payment's ledger transaction.

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Ref Errer' });
let keys = 0;
function pay(client: TestClient, type: string, body: Record<string, unknown>) {
  return client.post(`/api/commerce/checkout/${type}`, {
    idempotency_key: `referral-test-${process.pid}-${++keys}`,
    card: card(SandboxCards.Succeeds),
    ...body,
  });
}

async function summaryOf(client: TestClient) {
  const response = await client.get('/api/referral/me');
  expect(response.statusCode).toBe(200);
  return ReferralSummarySchema.parse(response.json());
}

/** Signs a friend up through the API with a referral code. */
async function signUpWith(code: string, fullName = 'Frida Friend') {
  const client = new TestClient(t.app);
  const email = uniqueEmail('friend');
  const response = await client.post('/api/user/signup', {
    email,
    password: VALID_PASSWORD,
    full_name: fullName,
    referral_code: code,
  });
  return { client, email, response };
}

/** What commerce wrote, read from its tables (tests read rows directly; modules go through services). */
async function ledgerOf(userId: number) {
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(asc(ledgerEntries.id));
}

async function subscriptionsOf(userId: number) {
  return t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.id));
}

async function referralsOf(referrerId: number) {
  return t.database.db.select().from(referrals).where(eq(referrals.referrerId, referrerId));
}

describe('the referral code and link', () => {
  it('is made on first visit, stays the same, and is only the learner’s', async () => {
    expect((await new TestClient(t.app).get('/api/referral/me')).statusCode).toBe(401);
    const { client } = await signUp(t.app);
    const first = await summaryOf(client);
    expect(first.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.referral_link).toBe(`http://localhost:3000/signup?ref=${first.referral_code}`);
    expect(first).toMatchObject({
      credit_per_friend_usd: REFERRAL_CREDIT_CENTS / 100,
      credit_pending_usd: 0,
      credit_used_usd: 0,
      friends: [],
    });
    expect((await summaryOf(client)).referral_code).toBe(first.referral_code);
    const other = await signUp(t.app);
    expect((await summaryOf(other.client)).referral_code).not.toBe(first.referral_code);
  });

  it('is checked for the sign-up form, in any case', async () => {
    const { client } = await signUp(t.app, { full_name: 'Ada Lovelace' });
    const { referral_code } = await summaryOf(client);
    const visitor = new TestClient(t.app);
    const known = await visitor.get(`/api/referral/check?code=${referral_code.toLowerCase()}`);
    expect(ReferralCheckResponseSchema.parse(known.json())).toEqual({
      is_valid: true,
      referrer_first_name: 'Ada',
    });
    const unknown = await visitor.get('/api/referral/check?code=NOSUCHCODE');
    expect(unknown.json()).toEqual({ is_valid: false, referrer_first_name: null });
    expect((await visitor.get('/api/referral/check')).statusCode).toBe(400);
  });
});

describe('signing up with a referral code', () => {
  it('refuses an unknown code on the form and makes no account', async () => {
    const { response, email } = await signUpWith('WRONG123');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorText: GrowthMessages.UnknownReferralCode,
      errors: { referral_code: GrowthMessages.UnknownReferralCode },
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('records the friend for the referrer, who sees their first name and a pending credit', async () => {
    const referrer = await signUp(t.app);
    const { referral_code } = await summaryOf(referrer.client);
    const friend = await signUpWith(referral_code.toLowerCase(), 'Frida Kahlo');
    expect(friend.response.statusCode).toBe(201);
    const summary = await summaryOf(referrer.client);
    expect(summary.credit_pending_usd).toBe(10);
    expect(summary.friends).toEqual([
      expect.objectContaining({ first_name: 'Frida', status: 'pending', credit_usd: 10, credited_at: null }),
    ]);
    // The friend's own page shows no friends: the credit is the referrer's.
    expect((await summaryOf(friend.client)).friends).toEqual([]);
  });
});

describe('the credit on the referrer’s next payment', () => {
  it('comes off the next checkout and is marked used with that payment’s ledger row, once', async () => {
    const referrer = await signUp(t.app);
    const { referral_code } = await summaryOf(referrer.client);
    await signUpWith(referral_code);
    await signUpWith(referral_code);

    const quote = (
      await referrer.client.get('/api/commerce/checkout/subscription_buy?plan=300-12-6000')
    ).json() as CheckoutQuote;
    expect(quote.credit_amount_usd).toBe(-20);
    expect(quote.total_price_usd).toBeCloseTo(quote.price_usd - 20, 2);

    const paid = await pay(referrer.client, 'subscription_buy', { plan: '300-12-6000' });
    expect(paid.statusCode).toBe(200);
    const payment = paid.json() as Payment;
    expect(payment.credit_amount_usd).toBe(-20);
    const ledger = await ledgerOf(referrer.user.user_id);
    expect(ledger.map((entry) => entry.amountCents)).toEqual([Math.round(quote.price_usd * 100) - 2000]);
    const rows = await referralsOf(referrer.user.user_id);
    expect(rows.map((row) => [row.status, row.creditedPaymentId])).toEqual([
      ['credited', ledger[0]?.paymentId],
      ['credited', ledger[0]?.paymentId],
    ]);
    expect(await summaryOf(referrer.client)).toMatchObject({ credit_pending_usd: 0, credit_used_usd: 20 });

    // Used once: a later friend adds a new pending credit, the used ones stay used.
    await signUpWith(referral_code);
    expect(await summaryOf(referrer.client)).toMatchObject({ credit_pending_usd: 10, credit_used_usd: 20 });
  });

  it('is not taken by a free trial, and comes off the renewal that charges', async () => {
    const email = uniqueEmail('renewer');
    const referrer = await signUp(t.app, { email });
    const { referral_code } = await summaryOf(referrer.client);
    const trial = await pay(referrer.client, 'trial_avail', { plan: '200-1-6000' });
    expect(trial.statusCode).toBe(200);
    expect((trial.json() as Payment).credit_amount_usd).toBe(0);
    await signUpWith(referral_code);
    expect((await referralsOf(referrer.user.user_id)).map((row) => row.status)).toEqual(['pending']);

    t.clock.advance(7 * DAY + 60_000);
    const [subscription] = await subscriptionsOf(referrer.user.user_id);
    await waitFor(async () => {
      const [row] = await subscriptionsOf(referrer.user.user_id);
      return row?.kind === SubscriptionKind.Paid ? row : null;
    }, 'the trial to convert');
    const ledger = await ledgerOf(referrer.user.user_id);
    // 200-1-6000 costs $29.00; the friend's $10 came off.
    expect(ledger.map((entry) => entry.amountCents)).toEqual([2900 - REFERRAL_CREDIT_CENTS]);
    const [row] = await referralsOf(referrer.user.user_id);
    expect(row).toMatchObject({ status: 'credited', creditedPaymentId: ledger[0]?.paymentId });
    expect(ledger[0]?.subscriptionId).toBe(subscription?.id);
  });
});
