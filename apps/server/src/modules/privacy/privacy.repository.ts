import { and, desc, eq, sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for data requests (migration 0021_account_settings.sql), and the two generic walks over what
// refers to an account: every foreign key to users(id) is read from the database's own catalogue, so a
// table added later is exported and cleared without anyone remembering to list it here.

export const dataRequests = pgTable('data_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  requestType: integer('request_type').notNull(),
  state: text('state').$type<'pending' | 'completed'>().notNull(),
  outcome: integer('outcome'),
  export: jsonb('export'),
  exportBytes: integer('export_bytes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});
export type DataRequestRow = typeof dataRequests.$inferSelect;

/** Every column but the export itself, which only the download reads. */
const summary = {
  id: dataRequests.id,
  userId: dataRequests.userId,
  requestType: dataRequests.requestType,
  state: dataRequests.state,
  outcome: dataRequests.outcome,
  exportBytes: dataRequests.exportBytes,
  createdAt: dataRequests.createdAt,
  processedAt: dataRequests.processedAt,
  expiresAt: dataRequests.expiresAt,
};
export type DataRequestSummary = Omit<DataRequestRow, 'export'>;

export async function insertRequest(
  db: DbExecutor,
  values: { userId: number; requestType: number; createdAt: Date },
): Promise<DataRequestSummary> {
  const [row] = await db
    .insert(dataRequests)
    .values({ ...values, state: 'pending' })
    .returning(summary);
  if (!row) throw new Error('insertRequest: no row');
  return row;
}

export async function findRequest(db: DbExecutor, id: number): Promise<DataRequestSummary | undefined> {
  const [row] = await db.select(summary).from(dataRequests).where(eq(dataRequests.id, id)).limit(1);
  return row;
}

export async function findPendingRequest(db: DbExecutor, userId: number, requestType: number) {
  const [row] = await db
    .select(summary)
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.userId, userId),
        eq(dataRequests.requestType, requestType),
        eq(dataRequests.state, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

export async function listRequests(db: DbExecutor, userId: number): Promise<DataRequestSummary[]> {
  return db
    .select(summary)
    .from(dataRequests)
    .where(eq(dataRequests.userId, userId))
    .orderBy(desc(dataRequests.createdAt), desc(dataRequests.id));
}

/** Completes a pending request once; undefined when it was completed already (a second, racing call). */
export async function completeRequest(
  db: DbExecutor,
  id: number,
  values: Pick<DataRequestRow, 'processedAt'> &
    Partial<Pick<DataRequestRow, 'outcome' | 'export' | 'exportBytes' | 'expiresAt'>>,
): Promise<DataRequestSummary | undefined> {
  const [row] = await db
    .update(dataRequests)
    .set({ ...values, state: 'completed' })
    .where(and(eq(dataRequests.id, id), eq(dataRequests.state, 'pending')))
    .returning(summary);
  return row;
}

export async function findExport(db: DbExecutor, id: number): Promise<unknown> {
  const [row] = await db
    .select({ export: dataRequests.export })
    .from(dataRequests)
    .where(eq(dataRequests.id, id))
    .limit(1);
  return row?.export ?? null;
}

/** A deleted account keeps only the bare record of its deletion: exports and other requests go. */
export async function deleteRequestsExcept(db: DbExecutor, userId: number, keepId: number): Promise<void> {
  await db.execute(sql`DELETE FROM data_requests WHERE user_id = ${userId} AND id <> ${keepId}`);
}

/** A column that refers to users(id): 'c' cascade, 'n' set null, 'a'/'r' no action or restrict. */
export interface UserReference {
  table: string;
  column: string;
  onDelete: 'a' | 'r' | 'c' | 'n' | 'd';
}

const PLAIN_NAME = /^[a-z_][a-z0-9_]*$/;

/** Every single-column foreign key to users(id) in the current schema, from pg_constraint. */
export async function findUserReferences(db: DbExecutor): Promise<UserReference[]> {
  const result = await db.execute(sql`
    SELECT cl.relname AS table, a.attname AS column, c.confdeltype AS on_delete
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace AND n.nspname = current_schema()
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND cardinality(c.conkey) = 1
    ORDER BY 1, 2`);
  const { rows } = result as unknown as { rows: Array<{ table: string; column: string; on_delete: string }> };
  return rows
    .filter((row) => PLAIN_NAME.test(row.table) && PLAIN_NAME.test(row.column))
    .map((row) => ({
      table: row.table,
      column: row.column,
      onDelete: row.on_delete as UserReference['onDelete'],
    }));
}

/** Whole rows as JSON (snake_case columns, ISO times); `table` and `column` come from the catalogue. */
export async function rowsReferencing(
  db: DbExecutor,
  table: string,
  column: string,
  userId: number,
): Promise<Record<string, unknown>[]> {
  const result = await db.execute(
    sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(table)} t WHERE ${sql.identifier(column)} = ${userId}`,
  );
  return (result as unknown as { rows: Array<{ row: Record<string, unknown> }> }).rows.map((r) => r.row);
}

export async function countReferencing(
  db: DbExecutor,
  table: string,
  column: string,
  userId: number,
): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}`,
  );
  return Number((result as unknown as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0);
}

export async function deleteReferencing(
  db: DbExecutor,
  table: string,
  column: string,
  userId: number,
): Promise<void> {
  await db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}`);
}

/** The lessons of the courses the user wrote (pages refer to their collection, not to the author). */
export async function authoredPages(db: DbExecutor, userId: number): Promise<Record<string, unknown>[]> {
  const result = await db.execute(sql`
    SELECT to_jsonb(p) AS row FROM pages p JOIN collections c ON c.id = p.collection_id
    WHERE c.author_id = ${userId} ORDER BY p.collection_id, p.id`);
  return (result as unknown as { rows: Array<{ row: Record<string, unknown> }> }).rows.map((r) => r.row);
}
