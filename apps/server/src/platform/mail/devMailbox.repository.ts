import { devMailbox } from '../../db/schema.js';
import type { DbExecutor } from '../db/database.js';

// SQL for dev_mailbox (0001_platform_and_accounts.sql): mail kept while no SMTP server is configured.
// The mailbox module reads it for platform admins.

export async function insertDevMail(db: DbExecutor, values: typeof devMailbox.$inferInsert): Promise<void> {
  await db.insert(devMailbox).values(values);
}
