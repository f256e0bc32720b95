import type { InferSelectModel, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './database.js';

/**
 * `SELECT … FOR UPDATE` of the one row `where` names: the row stays locked until the transaction ends, so
 * read-check-write sequences on it (eTag checks, counters, create-once) run one after the other. Only for
 * repositories, inside a transaction their service owns.
 */
export async function selectForUpdate<TTable extends PgTable>(
  tx: DbExecutor,
  table: TTable,
  where: SQL | undefined,
): Promise<InferSelectModel<TTable> | undefined> {
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(where)
    .for('update')
    .limit(1);
  return rows[0] as InferSelectModel<TTable> | undefined;
}
