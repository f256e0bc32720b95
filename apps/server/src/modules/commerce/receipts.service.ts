import type { BillingEntry, BillingHistory } from '@coderoom/contracts';
import { LedgerEntryKind, PRODUCT_NAME } from '@coderoom/domain';
import type { LedgerEntryRow } from '../../db/schema.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { CommerceErrors } from './commerce.errors.js';
import { usd } from './commerce.presenter.js';
import * as repo from './commerce.repository.js';
import { renderInvoicePdf } from './invoice.pdf.js';

// Receipts and invoices (docs/commerce.md): each charge queues its receipt e-mail in the transaction that
// recorded it, and the worker sends it; the billing history lists the ledger with a PDF invoice per row
// (a credit note for a refund or chargeback).

/** Job kind: e-mail the receipt of one ledger charge (payload: entryId). */
export const SEND_RECEIPT_JOB = 'commerce.send_receipt';

export interface ReceiptsDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
}

const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;
const invoiceNumber = (entry: LedgerEntryRow) => `CR-${entry.id}`;
const invoiceUrl = (entry: LedgerEntryRow) => `/api/commerce/invoices/${entry.id}`;
const cardOf = (brand: string | null, last4: string | null) =>
  brand && last4 ? `${brand[0]?.toUpperCase()}${brand.slice(1)} ending in ${last4}` : 'Card';

const KIND_TITLE: Record<string, string> = {
  [LedgerEntryKind.Charge]: 'Invoice',
  [LedgerEntryKind.Refund]: 'Credit note (refund)',
  [LedgerEntryKind.Chargeback]: 'Credit note (chargeback)',
};

export function createReceiptsService({ db, jobs, mailer, publicUrl }: ReceiptsDeps) {
  async function sendReceipt(entryId: number): Promise<void> {
    const entry = await repo.findLedgerEntry(db, entryId);
    if (!entry || entry.entryKind !== LedgerEntryKind.Charge) return;
    const payment = await repo.findPayment(db, entry.paymentId);
    const email = await repo.findUserEmail(db, entry.userId);
    if (!payment || !email) return;
    const date = entry.createdAt.toISOString().slice(0, 10);
    await mailer.send({
      to: email,
      subject: `Your ${PRODUCT_NAME} receipt ${invoiceNumber(entry)}`,
      text: [
        'Hi,',
        '',
        `Thank you for your payment. This is your receipt.`,
        '',
        `Receipt: ${invoiceNumber(entry)}`,
        `Date: ${date}`,
        `Item: ${entry.description}`,
        `Amount paid: ${money(entry.amountCents)} ${entry.currency}`,
        `Paid with: ${cardOf(payment.cardBrand, payment.cardLast4)}`,
        '',
        `Your billing history and invoices (PDF): ${publicUrl}/settings/billing`,
        '',
      ].join('\n'),
    });
  }

  jobs.handle(SEND_RECEIPT_JOB, async (payload) => {
    const id = (payload as { entryId?: unknown } | null)?.entryId;
    if (typeof id === 'number' && Number.isSafeInteger(id)) await sendReceipt(id);
  });

  return {
    async queueReceipt(tx: DbExecutor, entry: LedgerEntryRow): Promise<void> {
      await jobs.enqueue(tx, SEND_RECEIPT_JOB, { entryId: entry.id });
    },

    async billingHistory(userId: number): Promise<BillingHistory> {
      const rows = await repo.findBillingHistory(db, userId);
      return {
        entries: rows.map(
          ({ entry, cardBrand, cardLast4 }): BillingEntry => ({
            id: entry.id,
            entry_kind: entry.entryKind,
            amount_usd: usd(entry.amountCents),
            currency: entry.currency,
            description: entry.description,
            card_brand: cardBrand,
            last_4: cardLast4,
            created_at: entry.createdAt.toISOString(),
            invoice_url: invoiceUrl(entry),
          }),
        ),
      };
    },

    /** The PDF of one of the caller's ledger rows; another learner's is not found. */
    async invoice(userId: number, entryId: number): Promise<{ filename: string; pdf: Buffer }> {
      const entry = await repo.findLedgerEntry(db, entryId);
      if (!entry || entry.userId !== userId) throw CommerceErrors.invoiceNotFound();
      const payment = await repo.findPayment(db, entry.paymentId);
      const email = (await repo.findUserEmail(db, userId)) ?? '';
      const pdf = renderInvoicePdf({
        seller: PRODUCT_NAME,
        kind: KIND_TITLE[entry.entryKind] ?? 'Invoice',
        number: invoiceNumber(entry),
        issuedOn: entry.createdAt.toISOString().slice(0, 10),
        billedTo: email,
        item: entry.description,
        amount: `${money(entry.amountCents)} ${entry.currency}`,
        paidWith: cardOf(payment?.cardBrand ?? null, payment?.cardLast4 ?? null),
      });
      return { filename: `${invoiceNumber(entry)}.pdf`, pdf };
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
