import type { QuestionnaireAnswer } from '@coderoom/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for questionnaire_responses (0016_questionnaire_responses.sql): each learner's latest answers.

export const questionnaireResponses = pgTable('questionnaire_responses', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  answers: jsonb('answers').$type<QuestionnaireAnswer[]>().notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
});
export type QuestionnaireResponseRow = typeof questionnaireResponses.$inferSelect;

export async function findResponse(
  db: DbExecutor,
  collectionId: number,
  userId: number,
): Promise<QuestionnaireResponseRow | undefined> {
  const [row] = await db
    .select()
    .from(questionnaireResponses)
    .where(
      and(eq(questionnaireResponses.collectionId, collectionId), eq(questionnaireResponses.userId, userId)),
    );
  return row;
}

/** Keeps one response per learner and questionnaire: a later one replaces the earlier. */
export async function upsertResponse(
  db: DbExecutor,
  values: { collectionId: number; userId: number; answers: QuestionnaireAnswer[]; submittedAt: Date },
): Promise<void> {
  await db
    .insert(questionnaireResponses)
    .values(values)
    .onConflictDoUpdate({
      target: [questionnaireResponses.collectionId, questionnaireResponses.userId],
      set: { answers: values.answers, submittedAt: values.submittedAt },
    });
}

export async function countResponses(db: DbExecutor, collectionId: number): Promise<number> {
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(questionnaireResponses)
    .where(eq(questionnaireResponses.collectionId, collectionId));
  return total?.count ?? 0;
}

/** The latest responses, newest first, with the learner's name. */
export async function findLatestResponses(db: DbExecutor, collectionId: number, limit: number) {
  return db
    .select({
      userId: questionnaireResponses.userId,
      fullName: users.fullName,
      answers: questionnaireResponses.answers,
      submittedAt: questionnaireResponses.submittedAt,
    })
    .from(questionnaireResponses)
    .innerJoin(users, eq(users.id, questionnaireResponses.userId))
    .where(eq(questionnaireResponses.collectionId, collectionId))
    .orderBy(desc(questionnaireResponses.submittedAt))
    .limit(limit);
}

/**
 * How often each option was chosen, over every response (so counts stay right past the rows shown), keyed
 * `questionId:optionId`. Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
 */
export async function countOptionChoices(db: DbExecutor, collectionId: number): Promise<Map<string, number>> {
  const counted = await db.execute(sql`
    SELECT (answer->>'question_id') AS question_id, option_id, count(*)::int AS count
    FROM questionnaire_responses r,
         jsonb_array_elements(r.answers) AS answer,
         jsonb_array_elements_text(answer->'option_ids') AS option_id
    WHERE r.collection_id = ${collectionId}
    GROUP BY 1, 2`);
  const { rows } = counted as unknown as {
    rows: Array<{ question_id: string; option_id: string; count: number }>;
  };
  return new Map(rows.map((row) => [`${row.question_id}:${row.option_id}`, Number(row.count)]));
}
