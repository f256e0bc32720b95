import { PageType } from '@coderoom/domain';
import { and, desc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import {
  type AuthorPayoutMethodRow,
  authorPayoutMethods,
  collections,
  ledgerEntries,
  type PayoutMonthRow,
  type PayoutStatementLineRow,
  type PayoutStatementRow,
  pages,
  payments,
  payoutMonths,
  payoutStatementLines,
  payoutStatements,
  readTimeMonths,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL of author payouts (docs/commerce.md "Author payouts"): the month's basis from the ledger and the
// reading times, the immutable statements, and the authors' payout methods.

/** Net subscription revenue of [from, to): charges less refunds and chargebacks of subscription payments. */
export async function sumSubscriptionLedger(db: DbExecutor, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(
      and(
        isNotNull(ledgerEntries.subscriptionId),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Net à-la-carte sales of [from, to) per course (refunds of earlier sales count in their own month). */
export async function sumCourseSales(
  db: DbExecutor,
  from: Date,
  to: Date,
): Promise<Array<{ collectionId: number; netCents: number }>> {
  const rows = await db
    .select({
      collectionId: payments.collectionId,
      total: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .where(
      and(
        isNotNull(ledgerEntries.purchaseId),
        isNotNull(payments.collectionId),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .groupBy(payments.collectionId);
  return rows.flatMap((row) =>
    row.collectionId === null ? [] : [{ collectionId: row.collectionId, netCents: Number(row.total) }],
  );
}

/** Seconds learners read each priced course's lessons in a month; an author reading their own course is left out. */
export async function sumPricedReading(
  db: DbExecutor,
  month: string,
): Promise<Array<{ collectionId: number; seconds: number }>> {
  const rows = await db
    .select({ collectionId: pages.collectionId, seconds: sql<string>`sum(${readTimeMonths.seconds})` })
    .from(readTimeMonths)
    .innerJoin(pages, eq(pages.id, readTimeMonths.pageId))
    .innerJoin(collections, eq(collections.id, pages.collectionId))
    .where(
      and(
        eq(readTimeMonths.month, month),
        eq(readTimeMonths.pageType, PageType.Collection),
        eq(collections.isFree, false),
        ne(readTimeMonths.userId, collections.authorId),
      ),
    )
    .groupBy(pages.collectionId);
  return rows.map((row) => ({ collectionId: row.collectionId, seconds: Number(row.seconds) }));
}

export function findCollectionsByIds(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: collections.id, authorId: collections.authorId, title: collections.title })
    .from(collections)
    .where(inArray(collections.id, ids));
}

export async function countCollectionsOf(db: DbExecutor, authorId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(collections)
    .where(eq(collections.authorId, authorId));
  return row?.count ?? 0;
}

/** The month's closing row, unless the month is closed already (then undefined: nothing else is written). */
export async function insertPayoutMonth(
  db: DbExecutor,
  values: PayoutMonthRow,
): Promise<PayoutMonthRow | undefined> {
  const [row] = await db.insert(payoutMonths).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertStatement(
  db: DbExecutor,
  values: Omit<PayoutStatementRow, 'id'>,
  lines: Array<Omit<PayoutStatementLineRow, 'statementId'>>,
): Promise<void> {
  const [statement] = await db.insert(payoutStatements).values(values).returning();
  if (!statement) throw new Error('payout statement not written');
  if (lines.length > 0) {
    await db
      .insert(payoutStatementLines)
      .values(lines.map((line) => ({ ...line, statementId: statement.id })));
  }
}

/** An author's statements, newest month first, with their lines and their month's basis. */
export async function findStatementsOf(db: DbExecutor, authorId: number) {
  const statements = await db
    .select({ statement: payoutStatements, month: payoutMonths })
    .from(payoutStatements)
    .innerJoin(payoutMonths, eq(payoutMonths.month, payoutStatements.month))
    .where(eq(payoutStatements.authorId, authorId))
    .orderBy(desc(payoutStatements.month));
  const lines =
    statements.length === 0
      ? []
      : await db
          .select()
          .from(payoutStatementLines)
          .where(
            inArray(
              payoutStatementLines.statementId,
              statements.map((row) => row.statement.id),
            ),
          )
          .orderBy(desc(payoutStatementLines.readingShareCents), payoutStatementLines.collectionId);
  return statements.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.statementId === row.statement.id),
  }));
}

export async function findPayoutMethod(
  db: DbExecutor,
  authorId: number,
): Promise<AuthorPayoutMethodRow | undefined> {
  const [row] = await db.select().from(authorPayoutMethods).where(eq(authorPayoutMethods.authorId, authorId));
  return row;
}

export async function upsertPayoutMethod(
  db: DbExecutor,
  values: AuthorPayoutMethodRow,
): Promise<AuthorPayoutMethodRow> {
  const [row] = await db
    .insert(authorPayoutMethods)
    .values(values)
    .onConflictDoUpdate({
      target: authorPayoutMethods.authorId,
      set: { kind: values.kind, token: values.token, label: values.label, updatedAt: values.updatedAt },
    })
    .returning();
  if (!row) throw new Error('payout method not written');
  return row;
}
