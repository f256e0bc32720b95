import type { Certificate, CompletionResponse, Payment } from '@coderoom/contracts';
import { CertificateState, FeatureSet, LedgerEntryKind } from '@coderoom/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, ledgerEntries } from '../../db/schema.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import * as repo from './commerce.repository.js';
import { seedCoursePrice, seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';
import { createStripeProcessor } from './stripe.processor.js';
import { type FakeStripe, type StripeEventLike, startFakeStripe } from './stripe.test-support.js';

// Certificates follow money (docs/commerce.md): the certificate of a course bought on its own is revoked
// when that purchase is refunded (revoked_return) or charged back (revoked_chargeback), in the transaction
// of the ledger row: when the revocation fails, the refund row is not written either. Through the app with
// the Stripe adapter against its local fake, since disputes arrive by webhook.

const KEY = 'sk_test_certificates';
const SECRET = 'whsec_test_certificates';
let fake: FakeStripe;
let t: TestApp;
let course: Awaited<ReturnType<typeof buildCourse>>;
let other: Awaited<ReturnType<typeof buildCourse>>;
let admin: TestClient;

beforeAll(async () => {
  fake = await startFakeStripe(KEY);
  t = await buildTestApp({
    deps: {
      paymentProcessor: createStripeProcessor({
        apiKey: KEY,
        host: '127.0.0.1',
        port: fake.port,
        protocol: 'http',
      }),
      stripeWebhookSecret: SECRET,
    },
  });
  await seedPlans(t.database.db);
  course = await buildCourse(t.database, { title: 'Paid Course', isFree: false, lessons: 2, preview: [0] });
  other = await buildCourse(t.database, { title: 'Free Course', lessons: 1 });
  await seedCoursePrice(t.database.db, course.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
  const adminUser = await buildUser(t.database, { admin: true });
  admin = new TestClient(t.app);
  expect(
    (await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password }))
      .statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let keys = 0;
const completionUrl = (target: typeof course, index: number) =>
  `/api/reader/collection/${target.author.id}/${target.collection.id}/page/${target.pageIds[index]}/completion`;

/** A learner who bought the course, finished it (a certificate) and finished a free course too. */
async function certifiedBuyer() {
  const { client, user } = await signUp(t.app);
  const bought = await client.post('/api/commerce/checkout/course', {
    author_id: course.author.id,
    collection_id: course.collection.id,
    card: { number: SandboxCards.Succeeds, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Cert Buyer' },
    idempotency_key: `certificates-${process.pid}-${++keys}`,
  });
  expect(bought.statusCode).toBe(200);
  await client.put(completionUrl(course, 0), { completed: true });
  const done = (await client.put(completionUrl(course, 1), { completed: true })).json() as CompletionResponse;
  expect(done.certificate?.state).toBe(CertificateState.Active);
  const free = (await client.put(completionUrl(other, 0), { completed: true })).json() as CompletionResponse;
  expect(free.certificate?.state).toBe(CertificateState.Active);
  const intent = fake.events.filter((event) => event.type === 'payment_intent.succeeded').at(-1)?.data.object
    .id as string;
  return {
    client,
    userId: user.user_id,
    payment: bought.json() as Payment,
    intent,
    hash: done.certificate?.hash ?? '',
    freeHash: free.certificate?.hash ?? '',
  };
}

async function stateOf(hash: string): Promise<string> {
  return ((await new TestClient(t.app).get(`/api/certificates/verify/${hash}`)).json() as Certificate).state;
}

function deliverEvent(event: StripeEventLike) {
  const { payload, signature } = fake.sign(event, SECRET, Math.floor(t.clock.now().getTime() / 1000));
  return t.app.inject({
    method: 'POST',
    url: '/api/commerce/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

describe('certificates follow money', () => {
  it('keeps the certificate after a partial refund and revokes it (return) with the full refund', async () => {
    const buyer = await certifiedBuyer();
    const part = await admin.post(`/api/admin/commerce/payments/${buyer.payment.payment_id}/refund`, {
      amount_usd: 10,
    });
    expect(part.json()).toMatchObject({ access_revoked: false });
    expect(await stateOf(buyer.hash)).toBe(CertificateState.Active);

    const rest = await admin.post(`/api/admin/commerce/payments/${buyer.payment.payment_id}/refund`, {});
    expect(rest.json()).toMatchObject({ access_revoked: true, remaining_usd: 0 });
    const verified = (
      await new TestClient(t.app).get(`/api/certificates/verify/${buyer.hash}`)
    ).json() as Certificate;
    expect(verified).toMatchObject({ state: CertificateState.RevokedReturn, course_title: 'Paid Course' });
    expect(verified.state_changed_at).not.toBeNull();
    // The learner's list says so too; the free course's certificate is untouched.
    const list = (await buyer.client.get('/api/get-all-certificates')).json() as {
      certificates: Certificate[];
    };
    expect(Object.fromEntries(list.certificates.map((entry) => [entry.hash, entry.state]))).toEqual({
      [buyer.hash]: CertificateState.RevokedReturn,
      [buyer.freeHash]: CertificateState.Active,
    });
  });

  it('revokes it (chargeback) when the purchase is disputed, once however often Stripe reports it', async () => {
    const buyer = await certifiedBuyer();
    const event = fake.dispute(buyer.intent);
    expect((await deliverEvent(event)).statusCode).toBe(200);
    expect((await deliverEvent(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await stateOf(buyer.hash)).toBe(CertificateState.RevokedChargeback);
    expect(await stateOf(buyer.freeHash)).toBe(CertificateState.Active);
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.hash, buyer.hash));
    const chargebacks = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, buyer.payment.payment_id));
    const chargeback = chargebacks.find((entry) => entry.entryKind === LedgerEntryKind.Chargeback);
    // Written by the same transaction: the same clock reading.
    expect(row?.stateChangedAt?.getTime()).toBe(chargeback?.createdAt.getTime());
  });

  it('writes no refund row when the certificate cannot be revoked (one transaction)', async () => {
    const buyer = await certifiedBuyer();
    // Make this learner's certificate refuse any change, as a failure inside the transaction would.
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION certificates_refuse_${buyer.userId}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'certificate locked for the test'; END; $$`),
    );
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER certificates_refuse_${buyer.userId} BEFORE UPDATE ON certificates FOR EACH ROW
        WHEN (OLD.user_id = ${buyer.userId}) EXECUTE FUNCTION certificates_refuse_${buyer.userId}()`),
    );
    const refused = await admin.post(`/api/admin/commerce/payments/${buyer.payment.payment_id}/refund`, {});
    expect(refused.statusCode).toBe(500);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, buyer.payment.payment_id));
    expect(rows.map((entry) => entry.entryKind)).toEqual([LedgerEntryKind.Charge]);
    expect(await stateOf(buyer.hash)).toBe(CertificateState.Active);
    const payment = await repo.findPayment(t.database.db, buyer.payment.payment_id);
    expect(payment?.purchaseId).not.toBeNull();
    expect(
      (await repo.findLivePurchase(t.database.db, buyer.userId, course.collection.id))?.revokedAt,
    ).toBeNull();
    await t.database.db.execute(sql.raw(`DROP TRIGGER certificates_refuse_${buyer.userId} ON certificates`));
  });
});
