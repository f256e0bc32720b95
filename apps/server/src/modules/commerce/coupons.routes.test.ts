import type { CheckoutQuote, Coupon, Payment, PlansResponse, SiteCouponBanner } from '@coderoom/contracts';
import { CouponMessages, FeatureSet, LedgerEntryKind } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, ledgerEntries, payments } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import * as repo from './commerce.repository.js';
import { DEMO_COUPONS, seedCoupons, seedCoursePrice, seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

// Coupons (docs/commerce.md "Coupons"): the arithmetic of spec 001 §5 (a lasting discount is not taken off
// the total twice), the validity window, the limits in all and per learner, which plans and checkouts take
// a coupon, the site coupon's banner, and one redemption per payment however often it is granted.

const DAY = 86_400_000;
let t: TestApp;
let go: Awaited<ReturnType<typeof buildCourse>>;
let cpp: Awaited<ReturnType<typeof buildCourse>>;
let prices: Map<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  await seedCoupons(t.database.db);
  await seedCoupons(t.database.db, [
    { code: 'LASTONE', description: 'One redemption in all', amountOffCents: 500, maxRedemptions: 1 },
    { code: 'TWICE', description: 'Twice per learner', percentOff: 5, maxPerUser: 2, appliesToCourses: true },
    {
      code: 'GONE',
      description: 'Ended yesterday',
      percentOff: 50,
      validUntil: new Date(Date.now() - DAY),
    },
    {
      code: 'SOON',
      description: 'Starts tomorrow',
      percentOff: 50,
      validFrom: new Date(Date.now() + 365 * DAY),
    },
    { code: 'HALFCOURSE', description: 'Half a course', percentOff: 50, appliesToCourses: true },
    { code: 'RACE', description: 'Raced for', percentOff: 15, maxRedemptions: 1 },
  ]);
  const previews = { lessons: 3, preview: [0, 1] };
  go = await buildCourse(t.database, { title: 'Go by Building', isFree: false, ...previews });
  cpp = await buildCourse(t.database, { title: 'Modern C++', isFree: false, ...previews });
  await seedCoursePrice(t.database.db, go.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
  await seedCoursePrice(t.database.db, cpp.collection.id, {
    priceCents: 2900,
    minFeatureSet: FeatureSet.Premium,
  });
  const plans = (await new TestClient(t.app).get('/api/commerce/plans')).json() as PlansResponse;
  prices = new Map(plans.plans.map((plan) => [plan.plan_key, Math.round(plan.price_usd * 100)]));
});
afterAll(async () => {
  await t.close();
});

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Cora Coupon' });
let keys = 0;
const freshKey = () => `coupon-test-${process.pid}-${++keys}`;
function pay(client: TestClient, type: string, body: Record<string, unknown>, key = freshKey()) {
  return client.post(`/api/commerce/checkout/${type}`, { idempotency_key: key, ...body });
}
function quote(client: TestClient, type: string, query: string) {
  return client.get(`/api/commerce/checkout/${type}?${query}`);
}
const priceOf = (planKey: string) => {
  const cents = prices.get(planKey);
  if (cents === undefined) throw new Error(`no plan ${planKey}`);
  return cents;
};
const courseQuery = (course: typeof go) =>
  `author_id=${course.author.id}&collection_id=${course.collection.id}`;
const courseBody = (course: typeof go) => ({
  author_id: course.author.id,
  collection_id: course.collection.id,
});

async function ledgerOf(paymentId: string) {
  return t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
}
async function redemptionsOf(code: string) {
  return t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponCode, code));
}

describe('the site coupon and GET /api/coupon/…', () => {
  it('answers the site coupon as a banner to anyone, and a coupon’s terms to a signed-in learner', async () => {
    const site = ANNUAL20();
    const banner = (await new TestClient(t.app).get('/api/coupon/site')).json() as SiteCouponBanner;
    expect(banner.banner).toEqual({
      coupon_code: site.code,
      text: site.bannerText,
      checkout_url: `/checkout/coupon_purchase?plan=${site.planKeys?.[0]}&action_id=${site.code}`,
      valid_until: site.validUntil?.toISOString(),
    });

    expect((await new TestClient(t.app).get('/api/coupon/ANNUAL20')).statusCode).toBe(401);
    const { client } = await signUp(t.app);
    const terms = await client.get('/api/coupon/annual20');
    expect(terms.statusCode).toBe(200);
    expect(terms.json() as Coupon).toMatchObject({
      coupon_code: 'ANNUAL20',
      percent_off: 20,
      amount_off_usd: null,
      discount_never_expires: false,
      applies_to_courses: false,
    });
    const unknown = await client.get('/api/coupon/NOSUCHCODE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorText: CouponMessages.Unknown });
    const expired = await client.get('/api/coupon/GONE');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ errorText: CouponMessages.Expired });
    expect((await client.get('/api/coupon/SOON')).json()).toMatchObject({
      errorText: CouponMessages.NotYetValid,
    });
    expect((await client.get('/api/coupon/a')).json()).toMatchObject({
      errorText: CouponMessages.InvalidCode,
    });
  });
});

function ANNUAL20() {
  const coupon = DEMO_COUPONS.find((entry) => entry.code === 'ANNUAL20');
  if (!coupon) throw new Error('no site coupon in the demo data');
  return coupon;
}

describe('coupon arithmetic at checkout', () => {
  it('takes a percent off today’s total and charges that in one ledger row, shown on the receipt', async () => {
    const { client, user } = await signUp(t.app);
    const price = priceOf('300-12-6000');
    const discount = Math.floor((price * 20) / 100);
    const quoted = (
      await quote(client, 'subscription_buy', 'plan=300-12-6000&coupon_code=annual20')
    ).json() as CheckoutQuote;
    expect(quoted).toMatchObject({
      price_usd: price / 100,
      coupon: {
        coupon_code: 'ANNUAL20',
        discount_never_expires: false,
        coupon_discount_usd: -discount / 100,
      },
      total_price_usd: (price - discount) / 100,
    });
    const paid = await pay(client, 'subscription_buy', {
      plan: '300-12-6000',
      coupon_code: 'Annual20',
      card: card(SandboxCards.Succeeds),
    });
    expect(paid.statusCode).toBe(200);
    const payment = paid.json() as Payment;
    expect(payment).toMatchObject({
      status: 'succeeded',
      total_price_usd: (price - discount) / 100,
      coupons: [{ coupon_code: 'ANNUAL20' }],
      coupon: { coupon_code: 'ANNUAL20', coupon_discount_usd: -discount / 100 },
    });
    const ledger = await ledgerOf(payment.payment_id);
    expect(ledger.map((row) => [row.entryKind, row.amountCents])).toEqual([
      [LedgerEntryKind.Charge, price - discount],
    ]);
    const [subscription] = await repo.findSubscriptionsOf(t.database.db, user.user_id);
    expect(subscription).toMatchObject({ priceCents: price - discount, lastingDiscountCents: 0 });
    const receipt = (await client.get(`/api/commerce/payments/${payment.payment_id}`)).json() as Payment;
    expect(receipt.coupon?.coupon_discount_usd).toBe(-discount / 100);
  });

  it('keeps a lasting discount (never expires) out of the total: it lowers the price of every term', async () => {
    const { client, user } = await signUp(t.app);
    const list = priceOf('200-1-6000');
    const discount = Math.floor((list * 10) / 100);
    const quoted = (
      await quote(client, 'subscription_buy', 'plan=200-1-6000&coupon_code=LOYAL10')
    ).json() as CheckoutQuote;
    // Spec 001 §5: total = price + credit + coupon discount (left out: it never expires) + upgrade discount.
    expect(quoted).toMatchObject({
      price_usd: (list - discount) / 100,
      coupon: { coupon_code: 'LOYAL10', discount_never_expires: true, coupon_discount_usd: -discount / 100 },
      total_price_usd: (list - discount) / 100,
    });
    const payment = (
      await pay(client, 'subscription_buy', {
        plan: '200-1-6000',
        coupon_code: 'LOYAL10',
        card: card(SandboxCards.Succeeds),
      })
    ).json() as Payment;
    expect(payment.total_price_usd).toBe((list - discount) / 100);
    const [subscription] = await repo.findSubscriptionsOf(t.database.db, user.user_id);
    if (!subscription) throw new Error('no subscription');
    expect(subscription.lastingDiscountCents).toBe(discount);

    // The renewal a month later is charged with the discount again (the worker, on the moved clock).
    t.clock.advance(subscription.expiresAt.getTime() - t.clock.now().getTime() + 60_000);
    const renewal = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, user.user_id));
      return rows.length === 2 ? rows.find((row) => row.paymentId !== payment.payment_id) : undefined;
    }, 'the renewal charge');
    expect(renewal.amountCents).toBe(list - discount);
  });

  it('takes an amount off a course, and counts an upgrade’s credit with the coupon', async () => {
    const { client } = await signUp(t.app);
    const quoted = (
      await quote(client, 'course', `${courseQuery(go)}&coupon_code=COURSE10`)
    ).json() as CheckoutQuote;
    expect(quoted).toMatchObject({
      price_usd: 39,
      coupon: { coupon_discount_usd: -10 },
      total_price_usd: 29,
    });

    const upgrader = await signUp(t.app);
    await pay(upgrader.client, 'subscription_buy', {
      plan: '100-12-6000',
      card: card(SandboxCards.Succeeds),
    });
    const upgrade = (
      await quote(upgrader.client, 'upgrade', 'plan=300-12-6000&coupon_code=ANNUAL20')
    ).json() as CheckoutQuote;
    const price = priceOf('300-12-6000');
    const discount = Math.floor((price * 20) / 100);
    expect(upgrade.coupon?.coupon_discount_usd).toBe(-discount / 100);
    expect(upgrade.credit_amount_usd).toBeLessThan(0);
    expect(Math.round(upgrade.total_price_usd * 100)).toBe(
      price - discount + Math.round(upgrade.credit_amount_usd * 100),
    );
  });
});

describe('coupon refusals', () => {
  it('refuses unknown, expired, not yet valid, other plans, courses and trials with their reasons', async () => {
    const { client } = await signUp(t.app);
    const cases: Array<[string, string, number, string]> = [
      ['subscription_buy', 'plan=300-12-6000&coupon_code=NOSUCH', 404, CouponMessages.Unknown],
      ['subscription_buy', 'plan=300-12-6000&coupon_code=GONE', 400, CouponMessages.Expired],
      ['subscription_buy', 'plan=300-12-6000&coupon_code=SOON', 400, CouponMessages.NotYetValid],
      ['subscription_buy', 'plan=300-1-6000&coupon_code=ANNUAL20', 400, CouponMessages.NotForThisPlan],
      ['course', `${courseQuery(go)}&coupon_code=ANNUAL20`, 400, CouponMessages.NotForThisPlan],
      ['trial_avail', 'plan=300-12-6000&coupon_code=ANNUAL20', 400, CouponMessages.NotForThisCheckout],
      ['coupon_purchase', 'plan=300-12-6000', 400, CouponMessages.ActionIdRequired],
    ];
    for (const [type, query, status, message] of cases) {
      const response = await quote(client, type, query);
      expect([type, query, response.statusCode, response.json().errorText]).toEqual([
        type,
        query,
        status,
        message,
      ]);
    }
    // Refused at payment too, before any processor is asked: no payment row.
    const refused = await pay(client, 'subscription_buy', {
      plan: '300-12-6000',
      coupon_code: 'GONE',
      card: card(SandboxCards.Succeeds),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ coupon_code: CouponMessages.Expired });
    expect(await redemptionsOf('GONE')).toEqual([]);
  });

  it('holds the limit per learner and in all; a declined payment gives its place back', async () => {
    const { client } = await signUp(t.app);
    const first = await pay(client, 'course', {
      ...courseBody(go),
      coupon_code: 'TWICE',
      card: card(SandboxCards.Succeeds),
    });
    expect(first.statusCode).toBe(200);
    const second = await pay(client, 'course', {
      ...courseBody(cpp),
      coupon_code: 'TWICE',
      card: card(SandboxCards.Succeeds),
    });
    expect(second.statusCode).toBe(200);
    const other = await signUp(t.app);
    const third = await quote(other.client, 'course', `${courseQuery(go)}&coupon_code=COURSE10`);
    expect(third.statusCode).toBe(200);
    await pay(other.client, 'course', {
      ...courseBody(go),
      coupon_code: 'COURSE10',
      card: card(SandboxCards.Succeeds),
    });
    const again = await quote(other.client, 'course', `${courseQuery(cpp)}&coupon_code=COURSE10`);
    expect([again.statusCode, again.json().errorText]).toEqual([400, CouponMessages.UsedByYou]);

    // LASTONE: one redemption in all. A decline releases the reservation; the next learner gets it.
    const a = await signUp(t.app);
    const declined = await pay(a.client, 'subscription_buy', {
      plan: '100-1-6000',
      coupon_code: 'LASTONE',
      card: card(SandboxCards.Declined),
    });
    expect(declined.statusCode).toBe(400);
    expect((await redemptionsOf('LASTONE')).map((row) => row.status)).toEqual(['released']);
    const b = await signUp(t.app);
    const taken = await pay(b.client, 'subscription_buy', {
      plan: '100-1-6000',
      coupon_code: 'LASTONE',
      card: card(SandboxCards.Succeeds),
    });
    expect(taken.statusCode).toBe(200);
    const c = await signUp(t.app);
    const usedUp = await pay(c.client, 'subscription_buy', {
      plan: '100-1-6000',
      coupon_code: 'LASTONE',
      card: card(SandboxCards.Succeeds),
    });
    expect([usedUp.statusCode, usedUp.json().errorText]).toEqual([400, CouponMessages.UsedUp]);
    expect((await redemptionsOf('LASTONE')).map((row) => row.status).sort()).toEqual([
      'redeemed',
      'released',
    ]);
  });

  it('gives the last redemption to one of two learners paying at once', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const both = await Promise.all(
      [a, b].map(({ client }) =>
        pay(client, 'subscription_buy', {
          plan: '100-3-6000',
          coupon_code: 'RACE',
          card: card(SandboxCards.Succeeds),
        }),
      ),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect((await redemptionsOf('RACE')).map((row) => row.status)).toEqual(['redeemed']);
  });
});

describe('one redemption per payment', () => {
  it('records the redemption once when the grant is delivered twice (a repeated request, two confirms)', async () => {
    const { client } = await signUp(t.app);
    const key = freshKey();
    const body = {
      plan: '300-12-6000',
      action_id: 'ANNUAL20',
      card: card(SandboxCards.RequiresThreeDSecure),
    };
    const waiting = (await pay(client, 'coupon_purchase', body, key)).json() as Payment;
    expect(waiting.status).toBe('requires_action');
    // The same request again (a double click) answers the same payment and reserves nothing more.
    expect(((await pay(client, 'coupon_purchase', body, key)).json() as Payment).payment_id).toBe(
      waiting.payment_id,
    );
    const confirms = await Promise.all(
      [1, 2].map(() =>
        client.post(`/api/commerce/payments/${waiting.payment_id}/confirm`, { approved: true }),
      ),
    );
    expect(confirms.map((response) => response.statusCode)).toEqual([200, 200]);
    const rows = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.paymentId, waiting.payment_id));
    expect(rows.map((row) => row.status)).toEqual(['redeemed']);
    const price = priceOf('300-12-6000');
    expect((await ledgerOf(waiting.payment_id)).map((row) => row.amountCents)).toEqual([
      price - Math.floor((price * 20) / 100),
    ]);
    const [stored] = await t.database.db.select().from(payments).where(eq(payments.id, waiting.payment_id));
    expect(stored?.couponCode).toBe('ANNUAL20');
  });

  it('answers 401 to a logged-out checkout with a coupon', async () => {
    const response = await new TestClient(t.app).get(
      '/api/commerce/checkout/subscription_buy?plan=300-12-6000&coupon_code=ANNUAL20',
    );
    expect(response.statusCode).toBe(401);
  });
});
