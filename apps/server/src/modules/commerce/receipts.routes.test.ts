import type { BillingHistory, Payment } from '@coderoom/contracts';
import { LedgerEntryKind, SettlementMessages } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { seedPlans } from './commerce.seed.js';
import { SandboxCards } from './payments.processor.js';

// Receipts e-mailed by the worker for each charge, the billing history, and its PDF invoices.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedPlans(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const card = (number: string) => ({
  number,
  exp_month: 12,
  exp_year: 2099,
  cvc: '123',
  name: 'Rita Receipt',
});
let keys = 0;

async function subscriber() {
  const { client, email } = await signUp(t.app);
  const paid = await client.post('/api/commerce/checkout/subscription_buy', {
    plan: '200-3-6000',
    card: card(SandboxCards.Succeeds),
    idempotency_key: `receipt-test-${process.pid}-${++keys}`,
  });
  expect(paid.statusCode).toBe(200);
  return { client, email, payment: paid.json() as Payment };
}

/** The byte offsets a PDF's cross-reference table names must point at its objects. */
function assertWellFormedPdf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref)) ?? [];
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(3, 2 + Number(count));
  expect(entries.length).toBeGreaterThan(5);
  entries.forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
  });
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const streamAt = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(streamAt + length, streamAt + length + '\nendstream'.length)).toBe('\nendstream');
  return text;
}

describe('receipts', () => {
  it('e-mails a receipt for a charge through the worker', async () => {
    const { email, payment } = await subscriber();
    const receipt = await waitFor(async () => {
      const [row] = await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
      return row;
    }, 'the receipt e-mail');
    expect(receipt.subject).toMatch(/^Your Coderoom receipt CR-\d+$/);
    expect(receipt.textBody).toContain(payment.item_title);
    expect(receipt.textBody).toContain(`$${payment.total_price_usd.toFixed(2)}`);
    expect(receipt.textBody).toContain('Visa ending in 4242');
    expect(receipt.textBody).toContain('/settings/billing');
  });
});

describe('billing history and invoices', () => {
  it('lists the ledger with a PDF invoice per row, and a refund as a credit note', async () => {
    const { client, payment } = await subscriber();
    const history = (await client.get('/api/commerce/billing-history')).json() as BillingHistory;
    expect(history.entries).toEqual([
      expect.objectContaining({
        entry_kind: LedgerEntryKind.Charge,
        amount_usd: payment.total_price_usd,
        description: payment.item_title,
        card_brand: 'visa',
        last_4: '4242',
        invoice_url: expect.stringMatching(/^\/api\/commerce\/invoices\/\d+$/),
      }),
    ]);
    const charge = history.entries[0];
    if (!charge) throw new Error('no charge');
    const invoice = await client.get(charge.invoice_url);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.headers['content-disposition']).toBe(`attachment; filename="CR-${charge.id}.pdf"`);
    const text = assertWellFormedPdf(invoice.rawPayload);
    expect(text).toContain(`(CR-${charge.id})`);
    expect(text).toContain(`($${payment.total_price_usd.toFixed(2)} USD)`);

    // Someone else's invoice does not exist for the caller; a logged-out visitor is asked to log in.
    const other = await signUp(t.app);
    const refused = await other.client.get(charge.invoice_url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ errorText: SettlementMessages.InvoiceNotFound });
    expect((await new TestClient(t.app).get(charge.invoice_url)).statusCode).toBe(401);

    const adminUser = await buildUser(t.database, { admin: true });
    const admin = new TestClient(t.app);
    await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
    const refunded = await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {
      amount_usd: 5.5,
    });
    expect(refunded.statusCode).toBe(200);
    const after = (await client.get('/api/commerce/billing-history')).json() as BillingHistory;
    expect(after.entries.map((entry) => [entry.entry_kind, entry.amount_usd])).toEqual([
      [LedgerEntryKind.Refund, -5.5],
      [LedgerEntryKind.Charge, payment.total_price_usd],
    ]);
    const note = await client.get(after.entries[0]?.invoice_url ?? '');
    const noteText = assertWellFormedPdf(note.rawPayload);
    expect(noteText).toContain('(Credit note \\(refund\\))');
    expect(noteText).toContain('(-$5.50 USD)');
  });

  it('refuses refund amounts that are not whole cents or not positive', async () => {
    const { payment } = await subscriber();
    const adminUser = await buildUser(t.database, { admin: true });
    const admin = new TestClient(t.app);
    await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
    for (const amount_usd of [0, -1, 1.005, 'ten']) {
      const response = await admin.post(`/api/admin/commerce/payments/${payment.payment_id}/refund`, {
        amount_usd,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('amount_usd');
    }
  });
});
