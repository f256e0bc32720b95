import { desc } from 'drizzle-orm';
import { devMailbox } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

export async function listMessages(db: DbExecutor, limit: number) {
  return db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(limit);
}
