import { randomUUID } from 'node:crypto';
import {
  type AdminPaymentDetail,
  AdminPaymentDetailSchema,
  AdminPaymentListSchema,
  AdminRefundResponseSchema,
  type BillingHistory,
} from '@coderoom/contracts';
import { AdminRefundMessages, FeatureSet, PlatformAdminRole, SettlementMessages } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, users } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, type TestClient } from '../../test/harness.js';
import { seedCoursePrice, seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

// The admin refund screen's calls (docs/commerce.md "Admin refunds"): only super administrators find
// payments and refund them; a refund is at most what is left; the same request twice is one refund; the
// learner sees the refund (a credit note) and loses access, through the existing refund service.

let t: TestApp;
let admin: TestClient;
let course: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
  course = await buildCourse(t.database, {
    title: 'Refundable Course',
    isFree: false,
    lessons: 3,
    preview: [0],
  });
  await seedCoursePrice(t.database.db, course.collection.id, {
    priceCents: 3900,
    minFeatureSet: FeatureSet.Standard,
  });
  const signed = await signUp(t.app);
  await t.database.db
    .update(users)
    .set({ adminRole: PlatformAdminRole.SuperAdmin })
    .where(eq(users.id, signed.user.user_id));
  admin = signed.client;
});
afterAll(async () => {
  await t.close();
});

let keys = 0;
async function buyer(what: 'course' | 'plan') {
  const learner = await signUp(t.app);
  const body =
    what === 'course'
      ? { author_id: course.author.id, collection_id: course.collection.id }
      : { plan: '300-12-6000' };
  const response = await learner.client.post(
    `/api/commerce/checkout/${what === 'course' ? 'course' : 'subscription_buy'}`,
    {
      idempotency_key: `admin-refund-${process.pid}-${++keys}`,
      card: { number: SandboxCards.Succeeds, exp_month: 12, exp_year: 2099, cvc: '123', name: 'Re Fund' },
      ...body,
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return { ...learner, paymentId: response.json().payment_id as string };
}

const lessonUrl = (index: number) =>
  `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${course.pageIds[index]}`;

function refund(client: TestClient, paymentId: string, body: Record<string, unknown>) {
  return client.post(`/api/admin/commerce/payments/${paymentId}/refunds`, body);
}

async function refundRows(paymentId: string) {
  const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
  return rows.filter((row) => row.entryKind === 'refund');
}

describe('admin refunds', () => {
  it('is for super administrators only, every call', async () => {
    const { paymentId } = await buyer('course');
    const learner = await signUp(t.app);
    const calls = [
      () => learner.client.get('/api/admin/commerce/payments?q=someone@example.com'),
      () => learner.client.get(`/api/admin/commerce/payments/${paymentId}`),
      () => refund(learner.client, paymentId, { request_id: randomUUID(), amount_usd: 1, reason: 'x' }),
    ];
    for (const call of calls) {
      const denied = await call();
      expect(denied.statusCode).toBe(403);
      expect(denied.json().errorText).toBe(AdminRefundMessages.AdminOnly);
    }
    // A subscription administrator sees revenue but does not move money.
    await t.database.db
      .update(users)
      .set({ adminRole: PlatformAdminRole.SubscriptionAdmin })
      .where(eq(users.id, learner.user.user_id));
    expect((await calls[2]?.())?.statusCode).toBe(403);
    expect(await refundRows(paymentId)).toHaveLength(0);
  });

  it('finds a payment by the learner e-mail or its id, with its ledger rows', async () => {
    const { email, paymentId } = await buyer('course');
    const byEmail = AdminPaymentListSchema.parse(
      (await admin.get(`/api/admin/commerce/payments?q=${encodeURIComponent(email.toUpperCase())}`)).json(),
    );
    expect(byEmail.payments.map((payment) => payment.payment_id)).toEqual([paymentId]);
    expect(byEmail.payments[0]).toMatchObject({
      email,
      charged_usd: 39,
      refunded_usd: 0,
      refundable_usd: 39,
    });
    const byId = AdminPaymentListSchema.parse(
      (await admin.get(`/api/admin/commerce/payments?q=${paymentId}`)).json(),
    );
    expect(byId.payments).toHaveLength(1);
    const detail = AdminPaymentDetailSchema.parse(
      (await admin.get(`/api/admin/commerce/payments/${paymentId}`)).json(),
    );
    expect(detail.ledger.map((row) => [row.entry_kind, row.amount_usd])).toEqual([['charge', 39]]);
    expect((await admin.get('/api/admin/commerce/payments?q=nobody@example.com')).json().payments).toEqual(
      [],
    );
    expect((await admin.get('/api/admin/commerce/payments/pay_missing')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/commerce/payments?q=a')).statusCode).toBe(400);
  });

  it('refunds part, then the rest; never more than is left; the learner sees credit notes and loses access', async () => {
    const { client, paymentId } = await buyer('course');
    expect((await client.get(lessonUrl(2))).statusCode).toBe(200);

    const tooMuch = await refund(admin, paymentId, {
      request_id: randomUUID(),
      amount_usd: 39.01,
      reason: 'Typo',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errorText).toBe(SettlementMessages.RefundTooLarge);
    const noReason = await refund(admin, paymentId, { request_id: randomUUID(), amount_usd: 1, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const fraction = await refund(admin, paymentId, {
      request_id: randomUUID(),
      amount_usd: 1.005,
      reason: 'x',
    });
    expect(fraction.statusCode).toBe(400);
    expect(await refundRows(paymentId)).toHaveLength(0);

    const part = AdminRefundResponseSchema.parse(
      (
        await refund(admin, paymentId, { request_id: randomUUID(), amount_usd: 10, reason: 'Late delivery' })
      ).json(),
    );
    expect(part).toMatchObject({ replayed: false, access_revoked: false });
    expect(part.payment).toMatchObject({ refunded_usd: 10, refundable_usd: 29 });
    expect(part.ledger.map((row) => [row.entry_kind, row.amount_usd, row.reason])).toEqual([
      ['charge', 39, null],
      ['refund', -10, 'Late delivery'],
    ]);
    // A partial refund keeps the course open.
    expect((await client.get(lessonUrl(2))).statusCode).toBe(200);

    const overRest = await refund(admin, paymentId, {
      request_id: randomUUID(),
      amount_usd: 29.01,
      reason: 'x',
    });
    expect(overRest.json().errorText).toBe(SettlementMessages.RefundTooLarge);
    const rest = AdminRefundResponseSchema.parse(
      (
        await refund(admin, paymentId, { request_id: randomUUID(), amount_usd: 29, reason: 'Asked for it' })
      ).json(),
    );
    expect(rest).toMatchObject({ access_revoked: true, payment: { refunded_usd: 39, refundable_usd: 0 } });
    const locked = await client.get(lessonUrl(2));
    expect(locked.statusCode).toBe(403);

    const history = (await client.get('/api/commerce/billing-history')).json() as BillingHistory;
    const notes = history.entries.filter((entry) => entry.entry_kind === 'refund');
    expect(notes.map((entry) => entry.amount_usd).sort((a, b) => a - b)).toEqual([-29, -10]);
    const pdf = await client.get(notes[0]?.invoice_url ?? '');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.body).toContain('Credit note');

    const nothingLeft = await refund(admin, paymentId, {
      request_id: randomUUID(),
      amount_usd: 0.01,
      reason: 'x',
    });
    expect(nothingLeft.statusCode).toBe(400);
  });

  it('carries out a double click once: the same request again answers what it did', async () => {
    const { paymentId } = await buyer('plan');
    const body = { request_id: randomUUID(), amount_usd: 5, reason: 'Goodwill' };
    const first = AdminRefundResponseSchema.parse((await refund(admin, paymentId, body)).json());
    const again = AdminRefundResponseSchema.parse((await refund(admin, paymentId, body)).json());
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.payment.refunded_usd).toBe(5);
    expect(await refundRows(paymentId)).toHaveLength(1);

    // Two presses at the same moment: one refund; the other answers it or says it is under way.
    const twin = { request_id: randomUUID(), amount_usd: 7, reason: 'Twice' };
    const answers = await Promise.all([refund(admin, paymentId, twin), refund(admin, paymentId, twin)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().errorText).toBe(AdminRefundMessages.RequestInProgress);
    }
    expect((await refundRows(paymentId)).map((row) => row.amountCents).sort((a, b) => a - b)).toEqual([
      -700, -500,
    ]);

    // The same request id for another amount or payment is refused, not carried out.
    const reused = await refund(admin, paymentId, { ...body, amount_usd: 6 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errorText).toBe(AdminRefundMessages.RequestReused);
    const detail = (
      await admin.get(`/api/admin/commerce/payments/${paymentId}`)
    ).json() as AdminPaymentDetail;
    expect(detail.payment.refunded_usd).toBe(12);
  });
});
