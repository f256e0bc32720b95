import type { Payment, UserInfo } from '@coderoom/contracts';
import {
  FeatureSet,
  SubscriptionKind,
  SubscriptionStatus,
  TrialMessages,
  TrialOutcome,
} from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import {
  buildTestApp,
  signUp,
  type TestApp,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
  waitFor,
} from '../../test/harness.js';
import * as repo from './commerce.repository.js';
import { seedCoursePrice, seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

// Trials, renewals, dunning and expiry, driven by the job worker with a moved clock.

const DAY = 86_400_000;
let t: TestApp;
let go: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  go = await buildCourse(t.database, { title: 'Go by Building', isFree: false, lessons: 3, preview: [0, 1] });
  await seedCoursePrice(t.database.db, go.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
});
afterAll(async () => {
  await t.close();
});

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Tess Trial' });
let keys = 0;
function pay(client: TestClient, type: string, body: Record<string, unknown>) {
  return client.post(`/api/commerce/checkout/${type}`, {
    idempotency_key: `renewal-test-${process.pid}-${++keys}`,
    ...body,
  });
}
const lesson = () => `/api/reader/collection/${go.author.id}/${go.collection.id}/page/${go.pageIds[2]}`;

async function subscriptionOf(userId: number) {
  const [row] = await repo.findSubscriptionsOf(t.database.db, userId);
  if (!row) throw new Error('no subscription');
  return row;
}

/** A fresh session after the clock moved (sessions end when idle). */
async function logIn(email: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email, password: VALID_PASSWORD });
  expect(response.statusCode).toBe(200);
  return client;
}

describe('B2C trials', () => {
  it('opens the plan for 7 days without a charge, once per account, card and mailbox', async () => {
    const email = uniqueEmail('tess');
    const { client, user } = await signUp(t.app, { email });
    const started = await pay(client, 'trial_avail', {
      plan: '200-1-6000',
      card: card(SandboxCards.Succeeds),
    });
    expect(started.statusCode).toBe(200);
    expect((started.json() as Payment).total_price_usd).toBe(0);
    const subscription = await subscriptionOf(user.user_id);
    expect(subscription).toMatchObject({
      kind: SubscriptionKind.FreeTrial,
      status: SubscriptionStatus.Active,
    });
    expect(subscription.expiresAt.getTime() - subscription.startsAt.getTime()).toBe(7 * DAY);
    const info = (await client.get('/api/user/info')).json() as UserInfo;
    expect(info).toMatchObject({
      has_active_b2c_trial: true,
      has_availed_b2c_trial: true,
      is_user_subscribed: true,
    });
    expect((await client.get(lesson())).statusCode).toBe(200);
    expect((await client.get('/api/user/subscriptions-status')).json().ledger).toEqual([]);

    // The same card on another account: card_reused.
    const other = await signUp(t.app);
    const reused = await pay(other.client, 'trial_avail', {
      plan: '200-1-6000',
      card: card(SandboxCards.Succeeds),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ errorText: TrialMessages.CardReused, code: TrialOutcome.CardReused });

    // The same mailbox with a +tag: email_plus_one_trick, whatever the card.
    const [local, domain] = email.split('@');
    const plus = await signUp(t.app, { email: `${local}+again@${domain}` });
    const trick = await pay(plus.client, 'trial_avail', {
      plan: '200-1-6000',
      card: card('5555 5555 5555 4444'),
    });
    expect(trick.statusCode).toBe(400);
    expect(trick.json()).toEqual({
      errorText: TrialMessages.EmailPlusOneTrick,
      code: TrialOutcome.EmailPlusOneTrick,
    });
    expect(await repo.findSubscriptionsOf(t.database.db, plus.user.user_id)).toEqual([]);
    // A +tag address whose mailbox has no other account is just an address.
    const alone = await signUp(t.app, { email: `solo+tag.${process.pid}@example.org` });
    const fine = await pay(alone.client, 'trial_avail', {
      plan: '200-1-6000',
      card: card('6011 1111 1111 1117'),
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('renewal, dunning and expiry by the worker', () => {
  it('charges a trial that ends, and keeps renewing each term', async () => {
    const email = uniqueEmail('renew');
    const { client, user } = await signUp(t.app, { email });
    await pay(client, 'trial_avail', { plan: '200-1-6000', card: card('3782 822463 10005') });
    // Two days before the first charge, a reminder names the plan, the price and the date.
    t.clock.advance(5 * DAY + 60_000);
    const reminder = await waitFor(async () => {
      const [row] = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
      return row;
    }, 'the trial reminder');
    expect(reminder.subject).toMatch(/^Your Coderoom free trial ends on \d{4}-\d{2}-\d{2}$/);
    expect(reminder.textBody).toContain('$29.00');
    t.clock.advance(2 * DAY);
    const paid = await waitFor(async () => {
      const row = await subscriptionOf(user.user_id);
      return row.kind === SubscriptionKind.Paid ? row : null;
    }, 'the trial to convert');
    expect(paid.status).toBe(SubscriptionStatus.Active);
    const ledger = await repo.findLedgerOf(t.database.db, user.user_id);
    expect(ledger.map((entry) => [entry.entryKind, entry.amountCents])).toEqual([['charge', 2900]]);
    const renewedUntil = paid.expiresAt.getTime();
    t.clock.advance(renewedUntil - t.clock.now().getTime() + 60_000);
    await waitFor(
      async () => (await subscriptionOf(user.user_id)).expiresAt.getTime() > renewedUntil,
      'a renewal',
    );
    expect(await repo.findLedgerOf(t.database.db, user.user_id)).toHaveLength(2);
    expect((await (await logIn(email)).get(lesson())).statusCode).toBe(200);
  });

  it('makes a declined renewal past due, retries daily, then expires it', async () => {
    const email = uniqueEmail('dunning');
    const { client, user } = await signUp(t.app, { email });
    const started = await pay(client, 'trial_avail', {
      plan: '200-1-6000',
      card: card(SandboxCards.DeclinesAfterAttach),
    });
    expect(started.statusCode).toBe(200);
    t.clock.advance(7 * DAY + 60_000);
    await waitFor(
      async () => (await subscriptionOf(user.user_id)).status === SubscriptionStatus.PastDue,
      'past due',
    );
    expect((await subscriptionOf(user.user_id)).dunningAttempts).toBe(1);
    expect((await (await logIn(email)).get(lesson())).statusCode).toBe(403);
    for (const attempt of [2, 3]) {
      t.clock.advance(DAY + 60_000);
      await waitFor(
        async () => (await subscriptionOf(user.user_id)).dunningAttempts === attempt,
        `retry ${attempt}`,
      );
    }
    t.clock.advance(DAY + 60_000);
    await waitFor(
      async () => (await subscriptionOf(user.user_id)).status === SubscriptionStatus.Expired,
      'expiry',
    );
    expect(await repo.findLedgerOf(t.database.db, user.user_id)).toEqual([]);
  });

  it('lets a cancelled renewal run to the end of its term, then expires it without a charge', async () => {
    const email = uniqueEmail('cancel');
    const { client, user } = await signUp(t.app, { email });
    await pay(client, 'subscription_buy', { plan: '100-1-6000', card: card(SandboxCards.Succeeds) });
    const subscription = await subscriptionOf(user.user_id);
    const cancelUrl = `/api/commerce/subscriptions/${subscription.id}/cancel`;
    expect((await new TestClient(t.app).post(cancelUrl)).statusCode).toBe(401);
    expect((await (await signUp(t.app)).client.post(cancelUrl)).statusCode).toBe(404);
    expect((await client.post(cancelUrl)).statusCode).toBe(200);
    expect((await subscriptionOf(user.user_id)).status).toBe(SubscriptionStatus.RenewalCancelled);
    expect((await client.post(`/api/commerce/subscriptions/${subscription.id}/reactivate`)).statusCode).toBe(
      200,
    );
    expect((await client.post(cancelUrl)).statusCode).toBe(200);
    t.clock.advance(subscription.expiresAt.getTime() - t.clock.now().getTime() + 60_000);
    await waitFor(
      async () => (await subscriptionOf(user.user_id)).status === SubscriptionStatus.Expired,
      'expiry',
    );
    expect(await repo.findLedgerOf(t.database.db, user.user_id)).toHaveLength(1);
  });
});

describe('a disputed subscription at the end of its term', () => {
  it('is not charged again: it expires, and the ledger keeps only what was paid', async () => {
    const { client, user } = await signUp(t.app);
    const bought = await pay(client, 'subscription_buy', {
      plan: '200-1-6000',
      card: card(SandboxCards.Succeeds),
    });
    expect(bought.statusCode).toBe(200);
    const subscription = await subscriptionOf(user.user_id);
    // What a charge.dispute.created webhook does to it (webhooks.routes.test.ts covers the webhook itself).
    await repo.suspendSubscription(t.database.db, subscription.id, t.clock.now());
    t.clock.advance(subscription.expiresAt.getTime() - t.clock.now().getTime() + 60_000);
    const ended = await waitFor(async () => {
      const row = await subscriptionOf(user.user_id);
      return row.status === SubscriptionStatus.Expired ? row : null;
    }, 'the suspended subscription to expire');
    expect(ended.expiresAt.getTime()).toBe(subscription.expiresAt.getTime());
    const ledger = await repo.findLedgerOf(t.database.db, user.user_id);
    expect(ledger.map((entry) => [entry.entryKind, entry.amountCents])).toEqual([['charge', 2900]]);
  });
});
