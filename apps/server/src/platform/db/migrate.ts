import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations/', import.meta.url));

// Arbitrary constant shared by every process that may migrate the same PostgreSQL database at once.
const MIGRATION_LOCK_ID = 72_611_001;

/**
 * Applies numbered SQL files in order and records them in schema_migrations. Each file and its record
 * run as one multi-statement script, which PostgreSQL executes as a single transaction, so a failing
 * migration leaves nothing behind. A session-level advisory lock serialises concurrent starters.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
  return database.withSession(async (session) => {
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await session.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const rows = await session.query<{ version: string }>('SELECT version FROM schema_migrations');
      const done = new Set(rows.map((row) => row.version));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await readFile(path.join(dir, file), 'utf8');
        // File names are checked against the pattern above, so quoting them is safe.
        await session.exec(`${text}\n;INSERT INTO schema_migrations (version) VALUES ('${file}');`);
        applied.push(file);
      }
      return applied;
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}
