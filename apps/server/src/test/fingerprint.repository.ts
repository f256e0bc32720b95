import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';

// The SQL of the route-walking test (test/everyRoute.test.ts): a fingerprint of the whole database, to show
// that a refused request wrote nothing. Kept in a repository file like every other query.

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
}

/** Per table: its row count, its largest integer id and its latest `updated_at`, as one comparable string. */
export type DatabaseFingerprint = Record<string, string>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Builds one statement over every base table of the schema (tables added by later migrations are included without
 * touching this file). Inserts show in the count and the largest id, deletes in the count, and updates of
 * tables that keep an `updated_at` in its maximum.
 */
export async function fingerprintQuery(db: Db): Promise<string> {
  const described = (await db.execute(sql`
    SELECT c.table_name, c.column_name, c.data_type
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`)) as unknown as { rows: ColumnRow[] };
  const tables = new Map<string, { id: boolean; updatedAt: boolean }>();
  for (const row of described.rows) {
    const table = tables.get(row.table_name) ?? { id: false, updatedAt: false };
    if (row.column_name === 'id' && /int/.test(row.data_type)) table.id = true;
    if (row.column_name === 'updated_at') table.updatedAt = true;
    tables.set(row.table_name, table);
  }
  const selects = [...tables].map(
    ([name, columns]) =>
      `SELECT ${literal(name)} AS name, concat_ws('/', count(*), ${columns.id ? 'max(id)' : "''"}, ${
        columns.updatedAt ? 'max(updated_at)' : "''"
      }) AS print FROM ${quote(name)}`,
  );
  return selects.join('\nUNION ALL\n');
}

/** Runs the statement built by `fingerprintQuery` (built once: reading the catalogue is the slow part). */
export async function takeFingerprint(db: Db, query: string): Promise<DatabaseFingerprint> {
  const result = (await db.execute(sql.raw(query))) as unknown as {
    rows: Array<{ name: string; print: string }>;
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.print]));
}
