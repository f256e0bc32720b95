import { type AuthorPayouts, AuthorPayoutsSchema, type Plan } from '@coderoom/contracts';
import {
  FeatureSet,
  monthKey,
  monthStart,
  nextMonthStart,
  PayoutMessages,
  PlatformAdminRole,
} from '@coderoom/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutMonths, users } from '../../db/schema.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import {
  buildTestApp,
  signUp,
  type TestApp,
  TestClient,
  VALID_PASSWORD,
  waitFor,
} from '../../test/harness.js';
import { seedCoursePrice, seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

// Author payouts (docs/commerce.md "Author payouts"), driven by the worker's monthly job with a moved
// clock: a month's net subscription revenue is shared among priced courses by reading time, course sales
// are credited to their author, every cent accounted for; statements are written once and never change.

const HOUR = 3_600_000;
let t: TestApp;
let prices: Map<string, number>;
let authorA: Awaited<ReturnType<typeof buildUser>>;
let authorB: Awaited<ReturnType<typeof buildUser>>;
let a1: Awaited<ReturnType<typeof buildCourse>>;
let a2: Awaited<ReturnType<typeof buildCourse>>;
let b1: Awaited<ReturnType<typeof buildCourse>>;
let freeCourse: Awaited<ReturnType<typeof buildCourse>>;
let adminEmail: string;

/** Moves the test clock to `at` (forward only). */
function moveTo(at: Date) {
  const delta = at.getTime() - t.clock.now().getTime();
  if (delta < 0) throw new Error('the clock only moves forward');
  t.clock.advance(delta);
}

async function login(email: string, password = VALID_PASSWORD): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

beforeAll(async () => {
  t = await buildTestApp({ deps: { schedulePayouts: true } });
  await seedPlans(t.database.db);
  authorA = await buildUser(t.database, { fullName: 'Ada Author' });
  authorB = await buildUser(t.database, { fullName: 'Bo Author' });
  const priced = { isFree: false, lessons: 2, preview: [0] };
  a1 = await buildCourse(t.database, { author: authorA, title: 'A One', ...priced });
  a2 = await buildCourse(t.database, { author: authorA, title: 'A Two', ...priced });
  b1 = await buildCourse(t.database, { author: authorB, title: 'B One', ...priced });
  freeCourse = await buildCourse(t.database, { author: authorB, title: 'Free One', lessons: 1 });
  await seedCoursePrice(t.database.db, a1.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Basic,
  });
  const admin = await buildUser(t.database, { admin: true });
  adminEmail = admin.email;
  const plans = (await (await signUp(t.app)).client.get('/api/commerce/plans')).json().plans as Plan[];
  prices = new Map(plans.map((plan) => [plan.plan_key, Math.round(plan.price_usd * 100)]));
});
afterAll(async () => {
  await t.close();
});

let keys = 0;
async function pay(client: TestClient, type: string, body: Record<string, unknown>): Promise<string> {
  const response = await client.post(`/api/commerce/checkout/${type}`, {
    idempotency_key: `payouts-${process.pid}-${++keys}`,
    card: { number: SandboxCards.Succeeds, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Pay Out' },
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payment_id;
}

async function read(client: TestClient, pageId: number | undefined, seconds: number) {
  const response = await client.post('/api/page/read-time', {
    page_id: pageId,
    page_type: 'collection',
    page_read_time: seconds,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function statementsOf(email: string): Promise<AuthorPayouts> {
  const response = await (await login(email)).get('/api/author/payouts');
  expect(response.statusCode, response.body).toBe(200);
  return AuthorPayoutsSchema.parse(response.json());
}

/** Waits for the worker to close `month` (it polls the queue each second by the moved clock). */
function closed(email: string, month: string) {
  return waitFor(
    async () => {
      const payouts = await statementsOf(email);
      return payouts.statements.find((statement) => statement.month === month);
    },
    `the ${month} statement`,
    30_000,
  );
}

describe('PUT /api/author/payout-methods', () => {
  it('stores a provider token for an author, never a card or bank number', async () => {
    const learner = await signUp(t.app);
    const notAuthor = await learner.client.put('/api/author/payout-methods', {
      kind: 'stripe_connect',
      token: 'acct_1AbCdEfGhIj',
    });
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().errorText).toBe(PayoutMessages.AuthorOnly);

    const client = await login(authorA.email);
    const card = await client.put('/api/author/payout-methods', {
      kind: 'paypal',
      token: '4242 4242 4242 4242',
    });
    expect(card.statusCode).toBe(400);
    expect(card.json().errors.token).toBe(PayoutMessages.LooksLikeAccountNumber);
    const iban = await client.put('/api/author/payout-methods', {
      kind: 'wise',
      token: 'rcp_AbCdEfGh',
      label: 'DE89 3704 0044 0532 0130 00',
    });
    expect(iban.json().errors.label).toBe(PayoutMessages.LooksLikeAccountNumber);
    const wrongShape = await client.put('/api/author/payout-methods', {
      kind: 'stripe_connect',
      token: 'acct_x',
    });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().errorText).toBe(PayoutMessages.TokenInvalid);
    expect((await client.put('/api/author/payout-methods', { kind: 'bank', token: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await client.put('/api/author/payout-methods', { kind: 'paypal', token: 'ABCDEFGH12345', extra: 1 }))
        .statusCode,
    ).toBe(400);

    const saved = await client.put('/api/author/payout-methods', {
      kind: 'stripe_connect',
      token: 'acct_1AbCdEfGhIj',
      label: 'Main account',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      kind: 'stripe_connect',
      token_hint: '••••••••GhIj',
      label: 'Main account',
    });
    const replaced = await client.put('/api/author/payout-methods', {
      kind: 'paypal',
      token: 'ABCDEFGH12345',
    });
    expect(replaced.json()).toMatchObject({ kind: 'paypal', token_hint: '••••••••2345', label: null });
    const payouts = await client.get('/api/author/payouts');
    expect(payouts.json().method).toMatchObject({ kind: 'paypal', token_hint: '••••••••2345' });
    // The token itself is never sent back.
    expect(payouts.body).not.toContain('ABCDEFGH12345');
  });
});

describe('the monthly payout job', () => {
  it('shares a month by reading time and credits course sales, in cents, once', async () => {
    // Start two days into next month, so everything below happens in one month, M.
    const m = nextMonthStart(monthStart(t.clock.now()));
    moveTo(new Date(m.getTime() + 48 * HOUR));
    const month = monthKey(m);

    const annual = await signUp(t.app);
    await pay(annual.client, 'subscription_buy', { plan: '300-12-6000' });
    const monthly = await signUp(t.app);
    const monthlyPayment = await pay(monthly.client, 'subscription_buy', { plan: '100-1-6000' });
    const buyer = await signUp(t.app);
    const salePayment = await pay(buyer.client, 'course', {
      author_id: authorA.id,
      collection_id: a1.collection.id,
    });
    // A $1.00 refund of the monthly plan lowers the month's net subscription revenue.
    const admin = await login(adminEmail);
    const partial = await admin.post(`/api/admin/commerce/payments/${monthlyPayment}/refund`, {
      amount_usd: 1,
      reason: 'Goodwill',
    });
    expect(partial.statusCode, partial.body).toBe(200);

    await read(annual.client, a1.pageIds[0], 100);
    await read(monthly.client, a2.pageIds[1], 33);
    await read(annual.client, b1.pageIds[0], 150);
    await read(buyer.client, b1.pageIds[1], 50);
    // Not counted: a free course, and an author reading their own course.
    await read(annual.client, freeCourse.pageIds[0], 500);
    await read(await login(authorA.email), a1.pageIds[0], 1000);

    const net = (prices.get('300-12-6000') ?? 0) + (prices.get('100-1-6000') ?? 0) - 100;
    expect(net).toBeGreaterThan(0);
    const pool = Math.floor(net / 2);

    // Nothing is computed before the month is over.
    moveTo(new Date(nextMonthStart(m).getTime() - HOUR));
    expect((await statementsOf(authorA.email)).statements.some((s) => s.month === month)).toBe(false);

    moveTo(new Date(nextMonthStart(m).getTime() + 2 * HOUR));
    const a = await closed(authorA.email, month);
    const b = await closed(authorB.email, month);
    expect(a.net_subscription_revenue_usd * 100).toBeCloseTo(net, 6);
    expect(Math.round(a.pool_usd * 100)).toBe(pool);
    expect(a.total_reading_seconds).toBe(333);

    // Largest remainder: each course gets its exact share rounded down, the left-over cents go to the
    // largest fractions, and the shares add up to the pool exactly.
    const shareOf = (statement: typeof a, course: typeof a1) =>
      Math.round(
        (statement.lines.find((line) => line.collection_id === course.collection.id)?.reading_share_usd ??
          NaN) * 100,
      );
    const shares = [
      { cents: shareOf(a, a1), seconds: 100 },
      { cents: shareOf(a, a2), seconds: 33 },
      { cents: shareOf(b, b1), seconds: 200 },
    ];
    expect(shares.reduce((sum, share) => sum + share.cents, 0)).toBe(pool);
    for (const share of shares) {
      const exact = (pool * share.seconds) / 333;
      expect(share.cents).toBeGreaterThanOrEqual(Math.floor(exact));
      expect(share.cents).toBeLessThanOrEqual(Math.floor(exact) + 1);
    }
    expect(a.lines.find((line) => line.collection_id === a1.collection.id)).toMatchObject({
      reading_seconds: 100,
      sales_net_usd: 39,
      sales_share_usd: 27.3,
    });
    expect(Math.round(a.sales_share_usd * 100)).toBe(2730);
    expect(Math.round(a.total_usd * 100)).toBe(shareOf(a, a1) + shareOf(a, a2) + 2730);
    expect(b.lines.map((line) => line.collection_id)).toEqual([b1.collection.id]);
    expect(Math.round(b.total_usd * 100)).toBe(shareOf(b, b1));

    // A refund next month is next month's business: this statement does not change; the next one
    // takes the author's share of the refunded sale back (70 % of -$39.00, rounded toward the platform).
    const refund = await admin.post(`/api/admin/commerce/payments/${salePayment}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(200);
    const next = nextMonthStart(m);
    moveTo(new Date(nextMonthStart(next).getTime() + 2 * HOUR));
    const later = await closed(authorA.email, monthKey(next));
    expect(Math.round(later.sales_share_usd * 100)).toBe(-2730);
    expect(later.reading_share_usd).toBe(0);
    const again = (await statementsOf(authorA.email)).statements.find((s) => s.month === month);
    expect(again).toEqual(a);

    // Statements are immutable, in the database itself (the trigger's message is the driver error's cause).
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'written',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(
      await refusal(sql`UPDATE payout_statements SET total_cents = 0 WHERE author_id = ${authorA.id}`),
    ).toMatch(/immutable/);
    expect(await refusal(sql`DELETE FROM payout_months WHERE month = ${`${month}-01`}`)).toMatch(/immutable/);
    // One month, one basis row, however many jobs ran for it.
    const basis = await t.database.db
      .select()
      .from(payoutMonths)
      .where(eq(payoutMonths.month, `${month}-01`));
    expect(basis).toHaveLength(1);
  });

  it('is for authors only', async () => {
    const learner = await signUp(t.app);
    const denied = await learner.client.get('/api/author/payouts');
    expect(denied.statusCode).toBe(403);
    await t.database.db
      .update(users)
      .set({ adminRole: PlatformAdminRole.SuperAdmin })
      .where(eq(users.id, learner.user.user_id));
    expect((await learner.client.get('/api/author/payouts')).statusCode).toBe(403);
  });
});
