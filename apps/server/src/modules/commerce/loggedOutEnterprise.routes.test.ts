import type { CheckoutQuote, Payment } from '@coderoom/contracts';
import {
  AccountMessages,
  AdminLevel,
  CheckoutMessages,
  EnterpriseRole,
  LedgerEntryKind,
  SubscriptionStatus,
} from '@coderoom/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, ledgerEntries, payments, purchaseAccounts, users } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, uniqueEmail, waitFor } from '../../test/harness.js';
import {
  organizationMembers,
  organizationSubscriptions,
  organizations,
} from '../organizations/subscriptionSales.test-support.js';
import { seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

// The logged-out enterprise purchase (docs/commerce.md "Logged-out enterprise purchase"): a visitor with no
// account buys a team plan with a work e-mail; the account is made with the payment row, the organization
// and its seats with the ledger charge, and the set-password mail opens the account. A verified address is
// refused with spec 001 §5's message.

const TYPE = 'logged_out_enterprise_purchase';
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

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Bea Buyer' });
let keys = 0;
const freshKey = () => `logged-out-${process.pid}-${++keys}`;
const companyName = () => `Acme ${Math.random().toString(36).slice(2, 8)}`;

function buy(client: TestClient, body: Record<string, unknown>) {
  return client.post(`/api/commerce/checkout/${TYPE}`, {
    idempotency_key: freshKey(),
    plan: '300-12-6003',
    seats: 3,
    company_name: companyName(),
    full_name: 'Bea Buyer',
    card: card(SandboxCards.Succeeds),
    ...body,
  });
}

async function accountOf(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function organizationNamed(name: string) {
  const [organization] = await t.database.db.select().from(organizations).where(eq(organizations.name, name));
  if (!organization) return undefined;
  const [subscription] = await t.database.db
    .select()
    .from(organizationSubscriptions)
    .where(eq(organizationSubscriptions.organizationId, organization.id));
  const members = await t.database.db
    .select()
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organization.id));
  return { organization, subscription, members };
}

async function setPasswordMail(email: string) {
  return waitFor(async () => {
    const [row] = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
    return row;
  }, 'the set-password e-mail');
}

describe('logged-out enterprise purchase', () => {
  it('quotes for a visitor, but no other checkout', async () => {
    const visitor = new TestClient(t.app);
    const quote = await visitor.get(`/api/commerce/checkout/${TYPE}?plan=300-12-6003&seats=3`);
    expect(quote.statusCode).toBe(200);
    expect(quote.json() as CheckoutQuote).toMatchObject({
      checkout_type: TYPE,
      stage: 'checkout',
      is_on_sale: true,
      seats: 3,
      total_price_usd: 1058.4,
    });
    const tiles = (await visitor.get(`/api/commerce/checkout/${TYPE}`)).json() as CheckoutQuote;
    expect(tiles.stage).toBe('business_tiles');
    expect((await visitor.get('/api/commerce/checkout/subscription_buy?plan=300-12-6000')).statusCode).toBe(
      401,
    );
    const paid = await visitor.post('/api/commerce/checkout/enterprise_buy', {
      idempotency_key: freshKey(),
      plan: '300-12-6003',
      seats: 2,
      company_name: 'Acme',
      card: card(SandboxCards.Succeeds),
    });
    expect(paid.statusCode).toBe(401);
  });

  it('makes the account, the organization and its seats with the ledger row, and mails the set-password link', async () => {
    const visitor = new TestClient(t.app);
    const email = uniqueEmail('buyer');
    const name = companyName();
    const paid = await buy(visitor, { email, company_name: name });
    expect(paid.statusCode).toBe(200);
    const payment = paid.json() as Payment;
    expect(payment).toMatchObject({
      status: 'succeeded',
      is_new_user: true,
      seats: 3,
      total_price_usd: 1058.4,
    });
    // No session: the visitor is still logged out.
    expect((await visitor.get('/api/user/info')).statusCode).toBe(401);

    const account = await accountOf(email);
    expect(account).toBeDefined();
    const [claim] = await t.database.db
      .select()
      .from(purchaseAccounts)
      .where(eq(purchaseAccounts.userId, account?.id ?? 0));
    expect(claim?.initialPasswordHash).toBe(account?.passwordHash);
    const bought = await organizationNamed(name);
    expect(bought?.subscription).toMatchObject({ planCode: '300-12-6003', seats: 3, canAddSeats: true });
    expect(bought?.members).toMatchObject([
      { userId: account?.id, role: EnterpriseRole.Admin, adminLevel: AdminLevel.SuperAdmin },
    ]);
    expect(payment.organization_subscription_id).toBe(bought?.subscription?.id);
    const [paymentRow] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment.payment_id));
    expect(paymentRow?.userId).toBe(account?.id);
    expect(
      await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.payment_id)),
    ).toMatchObject([{ entryKind: LedgerEntryKind.Charge, amountCents: 105840, userId: account?.id }]);

    // The mail's link sets the password and signs the buyer in, as the organization's admin.
    const mail = await setPasswordMail(email);
    expect(mail.subject).toContain(name);
    const token = /signup-and-reset-password\/([A-Za-z0-9_-]+)/.exec(mail.textBody ?? '')?.[1];
    expect(token).toBeDefined();
    const owner = new TestClient(t.app);
    const confirmed = await owner.post('/api/user/password-reset/confirm', {
      token,
      password: 'Str0ng!Pass',
    });
    expect(confirmed.statusCode).toBe(200);
    const info = (await owner.get('/api/user/info')).json() as { email: string; organizations?: unknown[] };
    expect(info.email).toBe(email);

    // Now the address is verified: a second logged-out purchase with it is sent to log in.
    const again = await buy(new TestClient(t.app), { email });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorText: CheckoutMessages.EmailAlreadyVerified,
      errors: { email: CheckoutMessages.EmailAlreadyVerified },
    });

    // A refund in full ends the organization's subscription, as for a signed-in purchase.
    await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {});
    expect((await organizationNamed(name))?.subscription?.status).toBe(SubscriptionStatus.Returned);
  });

  it('refuses the address of an account made by sign-up, and bad addresses, before anything is made', async () => {
    const { email } = await signUp(t.app);
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;
    const visitor = new TestClient(t.app);
    const taken = await buy(visitor, { email: email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorText).toBe(CheckoutMessages.EmailAlreadyVerified);
    const invalid = await buy(visitor, { email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.email).toBe(AccountMessages.InvalidEmail);
    const freeMail = await buy(visitor, { email: `bea.${process.pid}@gmail.com` });
    expect(freeMail.json().errors.email).toBe('Please use your work email.');
    const badName = await buy(visitor, { email: uniqueEmail('buyer'), company_name: '!' });
    expect(badName.json().errors).toEqual({ company_name: 'Company name is invalid' });
    const userPlan = await buy(visitor, { email: uniqueEmail('buyer'), plan: '300-12-6000' });
    expect(userPlan.json().errors).toEqual({ plan: CheckoutMessages.BusinessPlan });
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;
    expect(after).toBe(before);
  });

  it('keeps a declined buyer’s unclaimed account for the retry, which then buys once', async () => {
    const visitor = new TestClient(t.app);
    const email = uniqueEmail('buyer');
    const name = companyName();
    const declined = await buy(visitor, { email, company_name: name, card: card(SandboxCards.Declined) });
    expect(declined.statusCode).toBe(400);
    expect(await organizationNamed(name)).toBeUndefined();
    const account = await accountOf(email);
    expect(account).toBeDefined();
    expect(
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, account?.id ?? 0)),
    ).toEqual([]);
    // The retry uses the same (still unclaimed) account; the same key twice answers one payment.
    const key = freshKey();
    const first = await buy(visitor, { email, company_name: name, idempotency_key: key });
    const second = await buy(visitor, { email, company_name: name, idempotency_key: key });
    expect(first.statusCode).toBe(200);
    expect((second.json() as Payment).payment_id).toBe((first.json() as Payment).payment_id);
    expect((await accountOf(email))?.id).toBe(account?.id);
    const bought = await organizationNamed(name);
    expect(bought?.members).toMatchObject([{ userId: account?.id }]);
    expect(
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, account?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('goes through the 3-D Secure step without an account session', async () => {
    const visitor = new TestClient(t.app);
    const email = uniqueEmail('buyer');
    const name = companyName();
    const waiting = (
      await buy(visitor, { email, company_name: name, card: card(SandboxCards.RequiresThreeDSecure) })
    ).json();
    expect(waiting.status).toBe('requires_action');
    expect(await organizationNamed(name)).toBeUndefined();
    const done = await visitor.post(`/api/commerce/payments/${waiting.payment_id}/confirm`, {
      approved: true,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('succeeded');
    expect((await organizationNamed(name))?.subscription?.seats).toBe(3);
    // A signed-in payment's id confirms nothing for a visitor.
    const { client } = await signUp(t.app);
    const own = (
      await client.post('/api/commerce/checkout/enterprise_buy', {
        idempotency_key: freshKey(),
        plan: '300-12-6003',
        seats: 1,
        company_name: companyName(),
        card: card(SandboxCards.RequiresThreeDSecure),
      })
    ).json();
    const stranger = await new TestClient(t.app).post(`/api/commerce/payments/${own.payment_id}/confirm`, {
      approved: true,
    });
    expect(stranger.statusCode).toBe(401);
  });

  it('creates no organization when the ledger row cannot be written (one transaction)', async () => {
    const visitor = new TestClient(t.app);
    const email = uniqueEmail('buyer');
    const name = companyName();
    await t.database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION ledger_refuse_logged_out() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'ledger refused for the test'; END; $$`),
    );
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER ledger_refuse_logged_out BEFORE INSERT ON ledger_entries FOR EACH ROW
        WHEN (NEW.amount_cents = 70560) EXECUTE FUNCTION ledger_refuse_logged_out()`),
    );
    try {
      const paid = await buy(visitor, { email, company_name: name, seats: 2 });
      expect(paid.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER ledger_refuse_logged_out ON ledger_entries'));
    }
    expect(await organizationNamed(name)).toBeUndefined();
    const account = await accountOf(email);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.userId, account?.id ?? 0));
    expect(payment?.status).toBe('processing');
    expect(await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email))).toEqual([]);
  });
});
