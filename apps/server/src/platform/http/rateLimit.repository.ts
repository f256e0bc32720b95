import { lt, sql } from 'drizzle-orm';
import { rateLimitHits } from '../../db/schema.js';
import type { DbExecutor } from '../db/database.js';

// SQL for rate_limit_hits (0001_platform_and_accounts.sql): one counter per key and window.

/** Counts one hit in the key's window (one upsert) and answers the window's hits so far. */
export async function countHit(db: DbExecutor, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  return row?.hits ?? 0;
}

export async function deleteWindowsBefore(db: DbExecutor, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, before));
}
