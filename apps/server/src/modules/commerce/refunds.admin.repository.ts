import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type AdminRefundRequestRow,
  adminRefundRequests,
  type LedgerEntryRow,
  ledgerEntries,
  type PaymentRow,
  payments,
  users,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL of the admin refund screen: finding payments, their ledger rows, and the refund requests.

const SEARCH_LIMIT = 50;

export type PaymentWithEmail = PaymentRow & { email: string | null };

function withEmail(db: DbExecutor) {
  return db
    .select({ payment: payments, email: users.email })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId));
}

/** A learner's payments by their e-mail address (any case), newest first. */
export async function findPaymentsByEmail(db: DbExecutor, email: string): Promise<PaymentWithEmail[]> {
  const rows = await withEmail(db)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .orderBy(desc(payments.createdAt))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({ ...row.payment, email: row.email }));
}

export async function findPaymentWithEmail(
  db: DbExecutor,
  paymentId: string,
): Promise<PaymentWithEmail | undefined> {
  const [row] = await withEmail(db).where(eq(payments.id, paymentId));
  return row ? { ...row.payment, email: row.email } : undefined;
}

export function findLedgerOfPayments(db: DbExecutor, paymentIds: string[]): Promise<LedgerEntryRow[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.paymentId, paymentIds))
    .orderBy(asc(ledgerEntries.id));
}

export async function findRefundRequest(
  db: DbExecutor,
  requestId: string,
): Promise<AdminRefundRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(adminRefundRequests)
    .where(eq(adminRefundRequests.requestId, requestId));
  return row;
}

/** The request, unless one with its id exists already (then undefined). */
export async function insertRefundRequest(
  db: DbExecutor,
  values: typeof adminRefundRequests.$inferInsert,
): Promise<AdminRefundRequestRow | undefined> {
  const [row] = await db.insert(adminRefundRequests).values(values).onConflictDoNothing().returning();
  return row;
}

/** Takes over a stale pending request (its server stopped halfway): true when this caller got it. */
export async function claimStaleRefundRequest(
  db: DbExecutor,
  requestId: string,
  staleBefore: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(adminRefundRequests)
    .set({ createdAt: now })
    .where(
      and(
        eq(adminRefundRequests.requestId, requestId),
        eq(adminRefundRequests.status, 'pending'),
        sql`${adminRefundRequests.createdAt} < ${staleBefore}`,
      ),
    )
    .returning({ id: adminRefundRequests.requestId });
  return rows.length > 0;
}

export async function finishRefundRequest(
  db: DbExecutor,
  requestId: string,
  accessRevoked: boolean,
  now: Date,
): Promise<void> {
  await db
    .update(adminRefundRequests)
    .set({ status: 'done', accessRevoked, finishedAt: now })
    .where(eq(adminRefundRequests.requestId, requestId));
}

/** A request the refund refused (too much, the processor said no): the admin may correct and send again. */
export async function deletePendingRefundRequest(db: DbExecutor, requestId: string): Promise<void> {
  await db
    .delete(adminRefundRequests)
    .where(and(eq(adminRefundRequests.requestId, requestId), eq(adminRefundRequests.status, 'pending')));
}
