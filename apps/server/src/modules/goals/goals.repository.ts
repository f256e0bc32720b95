import { eq, sql } from 'drizzle-orm';
import { type LearningGoalRow, learningGoals, pageCompletions } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for weekly goals, and the days with learning activity the streak is counted from.

export async function findGoal(db: DbExecutor, userId: number): Promise<LearningGoalRow | undefined> {
  const [row] = await db.select().from(learningGoals).where(eq(learningGoals.userId, userId)).limit(1);
  return row;
}

export async function upsertGoal(
  db: DbExecutor,
  userId: number,
  goal: { daysPerWeek: number; timeZone: string },
  at: Date,
): Promise<LearningGoalRow> {
  const [row] = await db
    .insert(learningGoals)
    .values({ userId, ...goal, updatedAt: at })
    .onConflictDoUpdate({ target: learningGoals.userId, set: { ...goal, updatedAt: at } })
    .returning();
  if (!row) throw new Error('upsertGoal: no row returned');
  return row;
}

/**
 * The calendar days ("YYYY-MM-DD" in `timeZone`) on which the learner completed at least one lesson.
 * Read-only use of the progress module's page_completions: a completion is the activity a streak counts.
 */
export async function activeDays(db: DbExecutor, userId: number, timeZone: string): Promise<string[]> {
  const days = db
    .select({
      day: sql<string>`to_char(${pageCompletions.completedAt} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`.as(
        'day',
      ),
    })
    .from(pageCompletions)
    .where(eq(pageCompletions.userId, userId))
    .as('days');
  const rows = await db.select({ day: days.day }).from(days).groupBy(days.day).orderBy(days.day);
  return rows.map((row) => row.day);
}
