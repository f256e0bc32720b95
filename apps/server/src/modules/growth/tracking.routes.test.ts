import {
  AttributionResponseSchema,
  SubscriptionTypeResponseSchema,
  TriggeredMultiResponseSchema,
} from '@coderoom/contracts';
import {
  AdminLevel,
  BusinessTier,
  EnterpriseRole,
  FeatureSet,
  GrowthMessages,
  UserKind,
} from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, githubScholars, userAttribution } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import {
  buildTestApp,
  signUp,
  type TestApp,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
} from '../../test/harness.js';
import { seedCoursePrice, seedPlans } from '../commerce/commerce.seed.js';
import { SandboxCards } from '../commerce/payments.processor.js';
import { buildOrganization } from '../organizations/organizations.test-support.js';

// Analytics events, attribution (UTM, click id, referral site, Rakuten) and the 11-step segment.

const DAY = 86_400_000;
let t: TestApp;
let go: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  go = await buildCourse(t.database, { title: 'Go by Building', isFree: false, lessons: 3, preview: [0] });
  await seedCoursePrice(t.database.db, go.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
});
afterAll(async () => {
  await t.close();
});

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Gro Wth' });
let keys = 0;
function pay(client: TestClient, type: string, body: Record<string, unknown>) {
  return client.post(`/api/commerce/checkout/${type}`, {
    idempotency_key: `growth-test-${process.pid}-${++keys}`,
    card: card(SandboxCards.Succeeds),
    ...body,
  });
}

async function eventsOf(userId: number) {
  return t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, userId));
}

async function segmentOf(client: TestClient) {
  const response = await client.get('/api/google-analytics/subscription-type');
  expect(response.statusCode).toBe(200);
  return SubscriptionTypeResponseSchema.parse(response.json());
}

describe('PUT /api/event/triggered-multi', () => {
  it('needs a known user: a visitor keeps events in the browser', async () => {
    const response = await new TestClient(t.app).put('/api/event/triggered-multi', [
      { event_name: 'lesson_opened', event_data: {} },
    ]);
    expect(response.statusCode).toBe(401);
  });

  it('stores queued events with their browser time, drops those older than 7 days, flags "undefined"', async () => {
    const { client, user } = await signUp(t.app);
    const now = t.clock.now().getTime();
    const response = await client.put('/api/event/triggered-multi', [
      {
        event_name: 'lesson_opened',
        event_data: { category: 'reader', action: 'open', value: 3 },
        timestamp: now - 2 * DAY,
      },
      { event_name: 'checkout_started', event_data: { action: 'click', label: 'plan-undefined' } },
      { event_name: 'stale_event', event_data: { value: 1 }, timestamp: now - 8 * DAY },
    ]);
    expect(response.statusCode).toBe(200);
    expect(TriggeredMultiResponseSchema.parse(response.json())).toEqual({
      accepted: 2,
      discarded: 1,
      unexpected: 1,
    });
    const stored = await eventsOf(user.user_id);
    expect(stored.map((row) => row.eventName).sort()).toEqual(['checkout_started', 'lesson_opened']);
    const opened = stored.find((row) => row.eventName === 'lesson_opened');
    expect(opened).toMatchObject({ category: 'reader', action: 'open', value: 3, isUnexpected: false });
    expect(opened?.occurredAt.getTime()).toBe(now - 2 * DAY);
    expect(stored.find((row) => row.eventName === 'checkout_started')?.isUnexpected).toBe(true);
  });

  it('refuses a non-numeric value with the spec message and stores none of the batch', async () => {
    const { client, user } = await signUp(t.app);
    for (const value of ['12', true, { n: 1 }]) {
      const response = await client.put('/api/event/triggered-multi', [
        { event_name: 'fine', event_data: { value: 1 } },
        { event_name: 'bad', event_data: { value } },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorText: GrowthMessages.EventValueNotNumber,
        errors: { '1.event_data.value': GrowthMessages.EventValueNotNumber },
      });
    }
    expect(await eventsOf(user.user_id)).toEqual([]);
  });

  it('refuses a bad event name, an unknown field and more than 50 events', async () => {
    const { client } = await signUp(t.app);
    const badName = await client.put('/api/event/triggered-multi', [
      { event_name: '9 lives', event_data: {} },
    ]);
    expect(badName.statusCode).toBe(400);
    expect(badName.json().errorText).toBe(GrowthMessages.EventNameInvalid);
    const unknown = await client.put('/api/event/triggered-multi', [
      { event_name: 'ok', event_data: { colour: 'red' } },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty(['0.event_data.colour']);
    const many = Array.from({ length: 51 }, () => ({ event_name: 'tick', event_data: {} }));
    expect((await client.put('/api/event/triggered-multi', many)).statusCode).toBe(400);
  });
});

describe('attribution: POST /api/user/utm', () => {
  it('keeps the first UTM, updates the latest, and cuts referral text to 512 characters', async () => {
    const { client, user } = await signUp(t.app);
    const first = await client.post('/api/user/utm', {
      utm: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'x'.repeat(700) },
      referral_site: `https://blog.example/${'a'.repeat(600)}`,
      last_referral_site: 'https://search.example/',
    });
    expect(first.statusCode).toBe(200);
    const body = AttributionResponseSchema.parse(first.json());
    expect(body.utm).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'x'.repeat(512),
    });
    expect(body.utm_init).toEqual(body.utm);
    expect(body.referral_site).toHaveLength(512);

    const second = AttributionResponseSchema.parse(
      (await client.post('/api/user/utm', { utm: { utm_source: 'ads' } })).json(),
    );
    expect(second.utm).toEqual({ utm_source: 'ads' });
    expect(second.utm_init).toMatchObject({ utm_source: 'newsletter' });
    expect(second.last_referral_site).toBe('https://search.example/');
    const [row] = await t.database.db
      .select()
      .from(userAttribution)
      .where(eq(userAttribution.userId, user.user_id));
    expect(row?.referralSite).toHaveLength(512);
  });

  it('keeps a click id for 7 days: an older capture is discarded, a kept one expires', async () => {
    const { client, email } = await signUp(t.app);
    const now = t.clock.now().getTime();
    const stale = await client.post('/api/user/utm', {
      click_id: 'gclid-old',
      click_id_captured_at: now - 8 * DAY,
    });
    expect(stale.json().click_id).toBeNull();
    const fresh = await client.post('/api/user/utm', {
      click_id: 'gclid-new',
      click_id_captured_at: now - DAY,
    });
    expect(fresh.json().click_id).toBe('gclid-new');
    expect((await client.get('/api/user/utm')).json().click_id).toBe('gclid-new');
    t.clock.advance(6 * DAY + 60_000);
    // The session is idle-timed out after the move: a fresh login reads the same account.
    const later = new TestClient(t.app);
    expect((await later.post('/api/user/login', { email, password: VALID_PASSWORD })).statusCode).toBe(200);
    expect((await later.get('/api/user/utm')).json().click_id).toBeNull();
  });

  it('needs a user, and refuses unknown fields', async () => {
    expect((await new TestClient(t.app).post('/api/user/utm', { utm: {} })).statusCode).toBe(401);
    const { client } = await signUp(t.app);
    const response = await client.post('/api/user/utm', { utm: { utm_colour: 'red' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(['utm.utm_colour']);
  });
});

describe('PUT /api/rakuten/set-cookie', () => {
  it('sets a 7-day first-party cookie for a visitor, and records it for a learner', async () => {
    const visitor = new TestClient(t.app);
    const response = await visitor.put('/api/rakuten/set-cookie', {
      merchant_id: '43210',
      tracking_id: 'rk-abc',
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((entry) => entry.name === 'rakuten_attribution');
    expect(cookie?.httpOnly).toBe(true);
    const expires = new Date(String(cookie?.expires)).getTime();
    expect(Math.abs(expires - (t.clock.now().getTime() + 7 * DAY))).toBeLessThan(5_000);
    expect(JSON.parse(decodeURIComponent(String(cookie?.value)))).toMatchObject({
      merchant_id: '43210',
      tracking_id: 'rk-abc',
    });

    const { client, user } = await signUp(t.app);
    expect(
      (await client.put('/api/rakuten/set-cookie', { merchant_id: 'm-1', tracking_id: 'rk-2' })).statusCode,
    ).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(userAttribution)
      .where(eq(userAttribution.userId, user.user_id));
    expect(row).toMatchObject({ rakutenMerchantId: 'm-1', rakutenTrackingId: 'rk-2' });
  });

  it('refuses a malformed merchant id', async () => {
    const response = await new TestClient(t.app).put('/api/rakuten/set-cookie', {
      merchant_id: 'has space',
      tracking_id: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('merchant_id');
  });
});

describe('GET /api/google-analytics/subscription-type (001 §4 segment)', () => {
  it('walks the steps with real subscriptions, purchases, memberships and scholars', async () => {
    expect(await segmentOf(new TestClient(t.app))).toEqual({
      subscription_type: 'logged_out',
      step: 1,
      user_kind: UserKind.LoggedOut,
    });

    const nonPaying = await signUp(t.app);
    expect(await segmentOf(nonPaying.client)).toEqual({
      subscription_type: 'non_paying',
      step: 11,
      user_kind: UserKind.B2cUser,
    });

    const buyer = await signUp(t.app);
    expect(
      (await pay(buyer.client, 'course', { author_id: go.author.id, collection_id: go.collection.id }))
        .statusCode,
    ).toBe(200);
    expect(await segmentOf(buyer.client)).toMatchObject({ subscription_type: 'a_la_carte', step: 10 });

    // A plan outranks the course purchase.
    expect((await pay(buyer.client, 'subscription_buy', { plan: '300-12-6000' })).statusCode).toBe(200);
    expect(await segmentOf(buyer.client)).toMatchObject({
      subscription_type: 'subscriber_annual_premium',
      step: 5,
    });

    const scholar = await signUp(t.app);
    await t.database.db
      .insert(githubScholars)
      .values({ userId: scholar.user.user_id, verifiedAt: t.clock.now() });
    expect(await segmentOf(scholar.client)).toMatchObject({ subscription_type: 'github_scholar', step: 4 });

    // An active trial comes before being a scholar.
    expect((await pay(scholar.client, 'trial_avail', { plan: '200-1-6000' })).statusCode).toBe(200);
    expect(await segmentOf(scholar.client)).toMatchObject({ subscription_type: 'b2c_trial', step: 3 });

    const admin = await signUp(t.app);
    await buildOrganization(t.database, {
      members: [
        {
          email: admin.email,
          userId: admin.user.user_id,
          role: EnterpriseRole.Admin,
          adminLevel: AdminLevel.SuperAdmin,
        },
      ],
      subscriptionType: BusinessTier.Enterprise,
    });
    expect(await segmentOf(admin.client)).toEqual({
      subscription_type: `enterprise_super_admin_${BusinessTier.Enterprise}`,
      step: 2,
      user_kind: UserKind.B2bUser,
    });
  });

  it('tags internal staff by their e-mail domain', async () => {
    const staff = await signUp(t.app, { email: uniqueEmail('staff').replace('example.com', 'coderoom.dev') });
    expect(await segmentOf(staff.client)).toMatchObject({ user_kind: UserKind.InternalStaff, step: 11 });
  });
});
