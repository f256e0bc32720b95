import type { CheckoutQuote, CompletionResponse, Payment, SubscriptionsStatus } from '@coderoom/contracts';
import {
  AdminLevel,
  CERTIFICATE_PRICE_CENTS,
  CertificateState,
  CheckoutMessages,
  CommerceMessages,
  EnterpriseRole,
  FeatureSet,
  LedgerEntryKind,
  SubscriptionKind,
  SubscriptionStatus,
} from '@coderoom/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, ledgerEntries, subscriptions } from '../../db/schema.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, uniqueEmail } from '../../test/harness.js';
import { buildOrganization } from '../organizations/organizations.test-support.js';
import {
  organizationMembers,
  organizationSubscriptions,
  organizations,
} from '../organizations/subscriptionSales.test-support.js';
import { seedCoursePrice, seedPlans, seedSubscription } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

// Reactivation, certificate purchases, seats and enterprise purchases (docs/commerce.md): each rule and
// refusal, the proration of seats, and the grant in one transaction with its ledger row.

const DAY = 86_400_000;
let t: TestApp;
let admin: TestClient;
let course: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  course = await buildCourse(t.database, { title: 'Paid Course', isFree: false, lessons: 2, preview: [0] });
  await seedCoursePrice(t.database.db, course.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
  const adminUser = await buildUser(t.database, { admin: true });
  admin = new TestClient(t.app);
  await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
});
afterAll(async () => {
  await t.close();
});

const card = (number: string) => ({
  number,
  exp_month: 12,
  exp_year: 2099,
  cvc: '123',
  name: 'Cora Checkout',
});
let keys = 0;
const freshKey = () => `extended-${process.pid}-${++keys}`;
function pay(client: TestClient, type: string, body: Record<string, unknown>) {
  return client.post(`/api/commerce/checkout/${type}`, {
    idempotency_key: freshKey(),
    card: card(SandboxCards.Succeeds),
    ...body,
  });
}

async function ledgerOf(paymentId: string) {
  return t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
}

async function subscriptionOf(userId: number) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!row) throw new Error('no subscription');
  return row;
}

describe('reactivation', () => {
  async function learnerWith(status: number, expiresInDays: number) {
    const { client, user } = await signUp(t.app);
    await seedSubscription(t.database.db, t.clock, {
      userId: user.user_id,
      planKey: '200-12-6000',
      status,
      kind: SubscriptionKind.Paid,
      startsAt: new Date(t.clock.now().getTime() - 300 * DAY),
      expiresAt: new Date(t.clock.now().getTime() + expiresInDays * DAY),
    });
    return { client, userId: user.user_id, subscription: await subscriptionOf(user.user_id) };
  }

  it('charges an expired plan’s price and starts a new term today, with its ledger row', async () => {
    const { client, userId, subscription } = await learnerWith(SubscriptionStatus.Expired, -10);
    const quote = (
      await client.get(`/api/commerce/checkout/reactivation?subscription_id=${subscription.id}`)
    ).json() as CheckoutQuote;
    expect(quote).toMatchObject({
      stage: 'checkout',
      is_on_sale: true,
      item_title: 'Standard Annual, reactivation',
      total_price_usd: 208.8,
      subscription_id: subscription.id,
    });
    const paid = await pay(client, 'reactivation', { subscription_id: subscription.id });
    expect(paid.statusCode).toBe(200);
    const payment = paid.json() as Payment;
    const after = await subscriptionOf(userId);
    expect(after).toMatchObject({
      id: subscription.id,
      status: SubscriptionStatus.Active,
      priceCents: 20880,
    });
    expect(after.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + 360 * DAY);
    expect(await ledgerOf(payment.payment_id)).toMatchObject([
      { entryKind: LedgerEntryKind.Charge, amountCents: 20880, subscriptionId: subscription.id },
    ]);
    // Active again: nothing left to reactivate.
    const again = await pay(client, 'reactivation', { subscription_id: subscription.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorText).toBe(CheckoutMessages.StillActive);
  });

  it('resumes a cancelled renewal before its end without a charge, renewing with the new card', async () => {
    const { client, userId, subscription } = await learnerWith(SubscriptionStatus.RenewalCancelled, 30);
    const paid = await pay(client, 'reactivation', { subscription_id: subscription.id });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', total_price_usd: 0 });
    const after = await subscriptionOf(userId);
    expect(after.status).toBe(SubscriptionStatus.Active);
    expect(after.expiresAt.getTime()).toBe(subscription.expiresAt.getTime());
    expect(after.paymentMethodId).not.toBeNull();
    expect(await ledgerOf((paid.json() as Payment).payment_id)).toEqual([]);
  });

  it('reactivates a past-due plan, and refuses refunded, other people’s and unnamed subscriptions', async () => {
    const pastDue = await learnerWith(SubscriptionStatus.PastDue, -1);
    expect(
      (await pay(pastDue.client, 'reactivation', { subscription_id: pastDue.subscription.id })).statusCode,
    ).toBe(200);
    const returned = await learnerWith(SubscriptionStatus.Returned, -1);
    const refused = await pay(returned.client, 'reactivation', { subscription_id: returned.subscription.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorText).toBe(CheckoutMessages.NotReactivatable);
    const stranger = await pay(returned.client, 'reactivation', { subscription_id: pastDue.subscription.id });
    expect(stranger.statusCode).toBe(404);
    const unnamed = await pay(returned.client, 'reactivation', {});
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual({ subscription_id: CheckoutMessages.ReactivationTarget });
  });

  it('is refused while another plan is current, and a refund returns the reactivated plan', async () => {
    const { client, userId, subscription } = await learnerWith(SubscriptionStatus.Expired, -5);
    const paid = (await pay(client, 'reactivation', { subscription_id: subscription.id })).json() as Payment;
    expect((await admin.post(`/api/admin/commerce/payments/${paid.payment_id}/refund`, {})).statusCode).toBe(
      200,
    );
    expect((await subscriptionOf(userId)).status).toBe(SubscriptionStatus.Returned);
    const other = await learnerWith(SubscriptionStatus.Expired, -5);
    await seedSubscription(t.database.db, t.clock, {
      userId: other.userId,
      planKey: '100-12-6000',
      status: SubscriptionStatus.Active,
      kind: SubscriptionKind.Paid,
      expiresAt: new Date(t.clock.now().getTime() + 100 * DAY),
    });
    const busy = await pay(other.client, 'reactivation', { subscription_id: other.subscription.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errorText).toBe(CommerceMessages.AlreadySubscribed);
  });
});

describe('certificate purchase', () => {
  const completionUrl = (index: number) =>
    `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${course.pageIds[index]}/completion`;
  const target = () => ({ author_id: course.author.id, collection_id: course.collection.id });

  async function certificateState(userId: number) {
    const [row] = await t.database.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.collectionId, course.collection.id)));
    return row?.state;
  }

  it('sells the claim of a certificate revoked by a refund, and takes it back on the next refund', async () => {
    const { client, user } = await signUp(t.app);
    const notYet = await pay(client, 'certificate', target());
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().errorText).toBe(CheckoutMessages.CertificateNotEarned);
    const bought = (await pay(client, 'course', target())).json() as Payment;
    await client.put(completionUrl(0), { completed: true });
    const done = (await client.put(completionUrl(1), { completed: true })).json() as CompletionResponse;
    expect(done.certificate?.state).toBe(CertificateState.Active);
    const active = await pay(client, 'certificate', target());
    expect(active.statusCode).toBe(409);
    expect(active.json().errorText).toBe(CheckoutMessages.CertificateActive);
    await admin.post(`/api/admin/commerce/payments/${bought.payment_id}/refund`, {});
    expect(await certificateState(user.user_id)).toBe(CertificateState.RevokedReturn);
    const quote = (
      await client.get(
        `/api/commerce/checkout/certificate?author_id=${course.author.id}&collection_id=${course.collection.id}`,
      )
    ).json() as CheckoutQuote;
    expect(quote).toMatchObject({ stage: 'checkout', total_price_usd: CERTIFICATE_PRICE_CENTS / 100 });
    const paid = await pay(client, 'certificate', target());
    expect(paid.statusCode).toBe(200);
    expect(await certificateState(user.user_id)).toBe(CertificateState.Active);
    const payment = paid.json() as Payment;
    expect(await ledgerOf(payment.payment_id)).toMatchObject([{ amountCents: CERTIFICATE_PRICE_CENTS }]);
    // The certificate is all it bought: the course itself stays closed.
    expect(
      (
        await client.get(
          `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${course.pageIds[1]}`,
        )
      ).statusCode,
    ).toBe(403);
    await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {});
    expect(await certificateState(user.user_id)).toBe(CertificateState.RevokedReturn);
  });

  it('refuses a certificate revoked by an admin (the claim rule gives nothing)', async () => {
    const { client, user } = await signUp(t.app);
    await pay(client, 'course', target());
    await client.put(completionUrl(0), { completed: true });
    await client.put(completionUrl(1), { completed: true });
    await t.database.db
      .update(certificates)
      .set({ state: CertificateState.RevokedByAdmin })
      .where(eq(certificates.userId, user.user_id));
    const refused = await pay(client, 'certificate', target());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorText).toBe(CheckoutMessages.CertificateNotClaimable);
  });
});

describe('seats for teams and enterprises', () => {
  async function organizationWithAdmin(
    options: { canAddSeats?: boolean; daysLeft?: number; role?: number } = {},
  ) {
    const { client, user, email } = await signUp(t.app);
    const fixture = await buildOrganization(t.database, {
      seats: 10,
      members: [
        {
          email,
          userId: user.user_id,
          role: options.role ?? EnterpriseRole.Admin,
          adminLevel:
            (options.role ?? EnterpriseRole.Admin) === EnterpriseRole.Admin ? AdminLevel.SuperAdmin : null,
        },
      ],
    });
    const now = t.clock.now().getTime();
    // A 365-day term with `daysLeft` of it to run.
    const daysLeft = options.daysLeft ?? 73;
    await t.database.db
      .update(organizationSubscriptions)
      .set({
        canAddSeats: options.canAddSeats ?? true,
        startsAt: new Date(now - (365 - daysLeft) * DAY),
        expiresAt: new Date(now + daysLeft * DAY),
      })
      .where(eq(organizationSubscriptions.organizationId, fixture.organizationId));
    const [subscription] = await t.database.db
      .select()
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.organizationId, fixture.organizationId));
    if (!subscription) throw new Error('no organization subscription');
    return { client, subscription };
  }

  async function seatsOf(id: number) {
    const [row] = await t.database.db
      .select({ seats: organizationSubscriptions.seats })
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.id, id));
    return row?.seats;
  }

  it('charges seats for the time left of the term and adds them with the ledger row', async () => {
    const { client, subscription } = await organizationWithAdmin({ daysLeft: 73 });
    // One seat of 300-12-6003 costs the premium annual term ($352.80); 5 seats for 73 of 365 days:
    // floor(176400 × 73 / 365) = 35280 cents (the clock moves a little between the quote and the check).
    const quote = (
      await client.get(`/api/commerce/checkout/team_seats?subscription_id=${subscription.id}&seats=5`)
    ).json() as CheckoutQuote;
    expect(quote).toMatchObject({
      checkout_type: 'enterprise_seats',
      stage: 'checkout',
      seats: 5,
      price_usd: 1764,
    });
    expect(quote.total_price_usd).toBeCloseTo(352.8, 0);
    expect(quote.credit_amount_usd).toBeCloseTo(-1411.2, 0);
    const paid = await pay(client, 'enterprise_seats', { subscription_id: subscription.id, seats: 5 });
    expect(paid.statusCode).toBe(200);
    const payment = paid.json() as Payment;
    expect(payment).toMatchObject({ seats: 5, organization_subscription_id: subscription.id });
    expect(await seatsOf(subscription.id)).toBe(15);
    const [entry] = await ledgerOf(payment.payment_id);
    expect(entry?.amountCents).toBe(Math.round(payment.total_price_usd * 100));
    expect(Math.abs((entry?.amountCents ?? 0) - 35280)).toBeLessThanOrEqual(1);
    // A refund in full takes the seats back, once however often it is reported.
    expect(
      (await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {})).statusCode,
    ).toBe(200);
    expect(await seatsOf(subscription.id)).toBe(10);
  });

  it('refuses without can_add_seats, to a non-admin, on an ended subscription and for bad counts', async () => {
    const locked = await organizationWithAdmin({ canAddSeats: false });
    const noSeats = await pay(locked.client, 'enterprise_seats', {
      subscription_id: locked.subscription.id,
      seats: 1,
    });
    expect(noSeats.statusCode).toBe(403);
    expect(noSeats.json().errorText).toBe(CheckoutMessages.CannotAddSeats);
    const manager = await organizationWithAdmin({ role: EnterpriseRole.Manager });
    const notAdmin = await pay(manager.client, 'team_seats', {
      subscription_id: manager.subscription.id,
      seats: 1,
    });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().errorText).toBe(CheckoutMessages.SeatsAdminOnly);
    const stranger = await pay(manager.client, 'team_seats', {
      subscription_id: locked.subscription.id,
      seats: 1,
    });
    expect(stranger.statusCode).toBe(404);
    const ended = await organizationWithAdmin({ daysLeft: -1 });
    const late = await pay(ended.client, 'enterprise_seats', {
      subscription_id: ended.subscription.id,
      seats: 1,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errorText).toBe(CheckoutMessages.SubscriptionEnded);
    const fine = await organizationWithAdmin();
    for (const seats of [0, 1001]) {
      const bad = await pay(fine.client, 'enterprise_seats', {
        subscription_id: fine.subscription.id,
        seats,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ seats: CheckoutMessages.SeatsCount });
    }
    expect(await seatsOf(fine.subscription.id)).toBe(10);
  });
});

describe('enterprise purchase', () => {
  it('creates the organization with the buyer as its admin, in the ledger row’s transaction', async () => {
    const { client, user, email } = await signUp(t.app);
    const name = `Acme ${Math.random().toString(36).slice(2, 8)}`;
    const quote = (
      await client.get('/api/commerce/checkout/team_buy?plan=300-12-6005&seats=3')
    ).json() as CheckoutQuote;
    expect(quote).toMatchObject({ checkout_type: 'enterprise_buy', total_price_usd: 1058.4, seats: 3 });
    const paid = await pay(client, 'team_buy', { plan: '300-12-6005', seats: 3, company_name: name });
    expect(paid.statusCode).toBe(200);
    const payment = paid.json() as Payment;
    const [organization] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, name));
    expect(organization).toBeDefined();
    const [subscription] = await t.database.db
      .select()
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.organizationId, organization?.id ?? 0));
    expect(subscription).toMatchObject({
      planCode: '300-12-6005',
      subscriptionType: 6005,
      seats: 3,
      canAddSeats: true,
    });
    expect(payment.organization_subscription_id).toBe(subscription?.id);
    const [member] = await t.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organization?.id ?? 0));
    expect(member).toMatchObject({
      userId: user.user_id,
      email,
      role: EnterpriseRole.Admin,
      adminLevel: AdminLevel.SuperAdmin,
    });
    expect(await ledgerOf(payment.payment_id)).toMatchObject([{ amountCents: 105840 }]);
    // The new admin can buy seats for it straight away.
    const more = await pay(client, 'enterprise_seats', { subscription_id: subscription?.id, seats: 2 });
    expect(more.statusCode).toBe(200);
    // A refund of the purchase ends the organization's subscription.
    await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {});
    const [ended] = await t.database.db
      .select()
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.id, subscription?.id ?? 0));
    expect(ended?.status).toBe(SubscriptionStatus.Returned);
  });

  it('refuses a user plan, a bad company name and a bad seat count; nothing is created', async () => {
    const { client } = await signUp(t.app);
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(organizations))[0]?.n;
    const userPlan = await pay(client, 'enterprise_buy', {
      plan: '300-12-6000',
      seats: 2,
      company_name: 'Acme',
    });
    expect(userPlan.statusCode).toBe(400);
    expect(userPlan.json().errors).toEqual({ plan: CheckoutMessages.BusinessPlan });
    const badName = await pay(client, 'enterprise_buy', { plan: '300-12-6003', seats: 2, company_name: '!' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().errors).toEqual({ company_name: 'Company name is invalid' });
    const noSeats = await pay(client, 'enterprise_buy', { plan: '300-12-6003', company_name: 'Acme Two' });
    expect(noSeats.json().errors).toEqual({ seats: CheckoutMessages.SeatsCount });
    const declined = await pay(client, 'enterprise_buy', {
      plan: '300-12-6003',
      seats: 2,
      company_name: `Declined ${uniqueEmail()}`.slice(0, 40),
      card: card(SandboxCards.Declined),
    });
    expect(declined.statusCode).toBe(400);
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(organizations))[0]?.n;
    expect(after).toBe(before);
  });
});

describe('one transaction with the ledger row', () => {
  /** Makes every ledger insert of `userId` fail while `work` runs (as a crash inside the grant would). */
  async function withLedgerRefused(userId: number, work: () => Promise<void>) {
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION ledger_refuse_${userId}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'ledger refused for the test'; END; $$`),
    );
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER ledger_refuse_${userId} BEFORE INSERT ON ledger_entries FOR EACH ROW
        WHEN (NEW.user_id = ${userId}) EXECUTE FUNCTION ledger_refuse_${userId}()`),
    );
    try {
      await work();
    } finally {
      await t.database.db.execute(sql.raw(`DROP TRIGGER ledger_refuse_${userId} ON ledger_entries`));
    }
  }

  it('adds no seats and creates no organization when the ledger row cannot be written', async () => {
    const { client, user, email } = await signUp(t.app);
    const fixture = await buildOrganization(t.database, {
      members: [
        { email, userId: user.user_id, role: EnterpriseRole.Admin, adminLevel: AdminLevel.SuperAdmin },
      ],
      seats: 4,
    });
    const name = `Rollback ${Math.random().toString(36).slice(2, 8)}`;
    await withLedgerRefused(user.user_id, async () => {
      const [subscription] = await t.database.db
        .select()
        .from(organizationSubscriptions)
        .where(eq(organizationSubscriptions.organizationId, fixture.organizationId));
      const seats = await pay(client, 'enterprise_seats', { subscription_id: subscription?.id, seats: 3 });
      expect(seats.statusCode).toBe(500);
      const [after] = await t.database.db
        .select()
        .from(organizationSubscriptions)
        .where(eq(organizationSubscriptions.id, subscription?.id ?? 0));
      expect(after?.seats).toBe(4);
      const bought = await pay(client, 'enterprise_buy', {
        plan: '300-12-6003',
        seats: 2,
        company_name: name,
      });
      expect(bought.statusCode).toBe(500);
    });
    expect(await t.database.db.select().from(organizations).where(eq(organizations.name, name))).toEqual([]);
    expect(
      await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.user_id)),
    ).toEqual([]);
  });
});

describe('each checkout is idempotent', () => {
  it('answers the same payment for the same key and grants seats once', async () => {
    const { client, user, email } = await signUp(t.app);
    const fixture = await buildOrganization(t.database, {
      members: [
        { email, userId: user.user_id, role: EnterpriseRole.Admin, adminLevel: AdminLevel.SuperAdmin },
      ],
      seats: 4,
    });
    const [subscription] = await t.database.db
      .select()
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.organizationId, fixture.organizationId));
    const body = {
      subscription_id: subscription?.id,
      seats: 2,
      card: card(SandboxCards.Succeeds),
      idempotency_key: freshKey(),
    };
    const answers = await Promise.all([
      client.post('/api/commerce/checkout/enterprise_seats', body),
      client.post('/api/commerce/checkout/enterprise_seats', body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json().payment_id).toBe(answers[1]?.json().payment_id);
    const [row] = await t.database.db
      .select()
      .from(organizationSubscriptions)
      .where(eq(organizationSubscriptions.id, subscription?.id ?? 0));
    expect(row?.seats).toBe(6);
    const status = (await client.get('/api/user/subscriptions-status')).json() as SubscriptionsStatus;
    expect(status.ledger).toHaveLength(1);
  });
});
