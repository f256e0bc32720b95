import { AffiliateSalesSchema, type Plan } from '@coderoom/contracts';
import { GrowthMessages, PlatformAdminRole } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateClicks, affiliates, users } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { seedPlans } from '../commerce/commerce.seed.js';
import { SandboxCards } from '../commerce/payments.processor.js';

// Affiliates: a visit through the link is recorded and answered with a token, the token ties the
// learner who signs in to the affiliate, and only that affiliate or an administrator reads the sales.

let t: TestApp;
let affiliate: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  affiliate = await signUp(t.app, { full_name: 'Alice Affiliate' });
  await t.database.db
    .insert(affiliates)
    .values({ userId: affiliate.user.user_id, commissionPercent: 20, createdAt: t.clock.now() });
});
afterAll(async () => {
  await t.close();
});

const encodedIdUrl = (id: string | number, context = 'context') =>
  `/api/affiliate/getencodedid/${id}/${context}`;

describe('POST /api/affiliate/getencodedid/{id}/context{suffix}', () => {
  it('records a visitor’s visit, with or without the underscore prefix, and answers a token', async () => {
    const visitor = new TestClient(t.app);
    const first = await visitor.post(encodedIdUrl(`_${affiliate.user.user_id}`, 'context-blog'), {
      referral_site: `https://blog.example/${'r'.repeat(600)}`,
      utm_source: 'partner',
      ref_id: 'post-17',
    });
    expect(first.statusCode).toBe(200);
    const token = first.json().encoded_affiliate_id as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [click] = await t.database.db
      .select()
      .from(affiliateClicks)
      .where(eq(affiliateClicks.token, token));
    expect(click).toMatchObject({
      affiliateId: affiliate.user.user_id,
      context: '-blog',
      refId: 'post-17',
      utm: { utm_source: 'partner' },
    });
    expect(click?.referralSite).toHaveLength(512);
    const second = await visitor.post(encodedIdUrl(affiliate.user.user_id), {});
    expect(second.statusCode).toBe(200);
    expect(second.json().encoded_affiliate_id).not.toBe(token);
  });

  it('answers 404 for an unknown or paused affiliate and 400 for a malformed path', async () => {
    const visitor = new TestClient(t.app);
    const unknown = await visitor.post(encodedIdUrl('_999999'), {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorText).toBe(GrowthMessages.UnknownAffiliate);
    expect((await visitor.post(encodedIdUrl('__12'), {})).statusCode).toBe(404);
    expect((await visitor.post(encodedIdUrl(affiliate.user.user_id, 'ctx'), {})).statusCode).toBe(400);
    const paused = await signUp(t.app);
    await t.database.db.insert(affiliates).values({
      userId: paused.user.user_id,
      commissionPercent: 10,
      isActive: false,
      createdAt: t.clock.now(),
    });
    expect((await visitor.post(encodedIdUrl(paused.user.user_id), {})).statusCode).toBe(404);
  });
});

describe('GET /api/affiliate/check-link', () => {
  it('tells our links with a known affiliate from the rest', async () => {
    const visitor = new TestClient(t.app);
    const check = async (link: string) =>
      (await visitor.get(`/api/affiliate/check-link?link=${encodeURIComponent(link)}`)).json();
    expect(await check(`http://localhost:3000/explore?aff=_${affiliate.user.user_id}`)).toEqual({
      is_affiliate_link: true,
      is_active: true,
      affiliate_id: affiliate.user.user_id,
    });
    expect(await check(`/?aff=${affiliate.user.user_id}`)).toMatchObject({ is_affiliate_link: true });
    expect(await check(`https://elsewhere.example/?aff=_${affiliate.user.user_id}`)).toMatchObject({
      is_affiliate_link: false,
    });
    expect(await check('http://localhost:3000/?aff=_999999')).toMatchObject({ is_affiliate_link: false });
    expect(await check('http://localhost:3000/explore')).toMatchObject({ is_affiliate_link: false });
    expect((await visitor.get('/api/affiliate/check-link')).statusCode).toBe(400);
  });
});

describe('the affiliate’s sales', () => {
  it('counts the payments of a learner who came through the link, with the commission', async () => {
    const visitor = new TestClient(t.app);
    const token = (await visitor.post(encodedIdUrl(`_${affiliate.user.user_id}`), {})).json()
      .encoded_affiliate_id as string;
    const buyer = await signUp(t.app, { full_name: 'Bob Buyer' });
    const attributed = await buyer.client.post('/api/user/utm', { encoded_affiliate_id: token });
    expect(attributed.json().affiliate_id).toBe(affiliate.user.user_id);
    const paid = await buyer.client.post('/api/commerce/checkout/subscription_buy', {
      idempotency_key: `affiliate-${process.pid}`,
      plan: '300-12-6000',
      card: { number: SandboxCards.Succeeds, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Bob Buyer' },
    });
    expect(paid.statusCode).toBe(200);
    const plans = (await buyer.client.get('/api/commerce/plans')).json().plans as Plan[];
    const price = plans.find((plan) => plan.plan_key === '300-12-6000')?.price_usd ?? Number.NaN;

    // The affiliate's own token earns nothing.
    await affiliate.client.post('/api/user/utm', { encoded_affiliate_id: token });

    const response = await affiliate.client.get(`/api/affiliate/${affiliate.user.user_id}/sales`);
    expect(response.statusCode).toBe(200);
    const sales = AffiliateSalesSchema.parse(response.json());
    expect(sales).toMatchObject({
      affiliate_name: 'Alice Affiliate',
      commission_percent: 20,
      sign_ups: 1,
      affiliate_link: `http://localhost:3000/?aff=_${affiliate.user.user_id}`,
      total_sales_usd: price,
      total_commission_usd: Math.round(price * 20) / 100,
    });
    expect(sales.clicks).toBeGreaterThanOrEqual(1);
    expect(sales.sales).toHaveLength(1);
  });

  it('is shown to that affiliate and administrators only', async () => {
    const other = await signUp(t.app);
    const denied = await other.client.get(`/api/affiliate/${affiliate.user.user_id}/sales`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorText).toBe(GrowthMessages.AffiliateSalesDenied);
    expect(
      (await new TestClient(t.app).get(`/api/affiliate/${affiliate.user.user_id}/sales`)).statusCode,
    ).toBe(401);
    // A learner who is no affiliate asking for their own page: there is none.
    expect((await other.client.get(`/api/affiliate/${other.user.user_id}/sales`)).statusCode).toBe(404);

    const admin = await signUp(t.app);
    await t.database.db
      .update(users)
      .set({ adminRole: PlatformAdminRole.SuperAdmin })
      .where(eq(users.id, admin.user.user_id));
    expect((await admin.client.get(`/api/affiliate/${affiliate.user.user_id}/sales`)).statusCode).toBe(200);
  });
});
