import { codeExecutions } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

export type ExecutionRecord = typeof codeExecutions.$inferInsert;

export async function insertExecution(db: DbExecutor, record: ExecutionRecord): Promise<void> {
  await db.insert(codeExecutions).values(record);
}
