import { and, eq } from 'drizzle-orm';
import { nudgeInteractions } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for the reader's nudge log (0097_nudge_interactions.sql).

export async function insertNudgeInteraction(
  db: DbExecutor,
  row: { userId: number; nudgeType: string; interaction: string; text: string; createdAt: Date },
): Promise<void> {
  await db.insert(nudgeInteractions).values(row);
}

/** The nudge types this learner has dismissed at least once. */
export async function findDismissedNudgeTypes(db: DbExecutor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ nudgeType: nudgeInteractions.nudgeType })
    .from(nudgeInteractions)
    .where(and(eq(nudgeInteractions.userId, userId), eq(nudgeInteractions.interaction, 'dismissed')))
    .groupBy(nudgeInteractions.nudgeType)
    .orderBy(nudgeInteractions.nudgeType);
  return rows.map((row: { nudgeType: string }) => row.nudgeType);
}
