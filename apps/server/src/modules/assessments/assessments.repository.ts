import type { LanguageId, QuestionKind } from '@coderoom/contracts';
import { AttemptState, type Difficulty, Grade } from '@coderoom/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { collections } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// SQL for assessment questions, attempts and per-skill stats (migration 0009_assessments.sql). The
// tables belong to this module, so they are declared here rather than in db/schema.ts.

/** What a learner may see of a question. */
export interface QuestionContent {
  text: string;
  options: Array<{ id: string; text: string }>;
  language: LanguageId | null;
  starter_code: string | null;
}

/** What only the grader reads (spec 000 §3 "Assessment question save: content and protected_content"). */
export interface ProtectedContent {
  correct_option_ids: string[];
  explanation: string | null;
  test_cases: Array<{ input: string; output: string }>;
  solution: string | null;
}

/** What the learner answered, kept for the review after the attempt (absent in attempts made before). */
export type GivenAnswer =
  | { option_ids: string[] }
  | { source_code: string; tests_passed: number | null; tests_total: number | null };

/** One asked question of an attempt; is_correct stays null until it is answered. */
export interface AskedQuestion {
  question_id: number;
  difficulty: Difficulty;
  skill: string;
  is_correct: boolean | null;
  answered_at: string | null;
  given?: GivenAnswer;
}

export const assessmentQuestions = pgTable('assessment_questions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  position: integer('position').notNull(),
  kind: text('kind').$type<QuestionKind>().notNull(),
  difficulty: integer('difficulty').$type<Difficulty>().notNull(),
  skill: text('skill').notNull(),
  content: jsonb('content').$type<QuestionContent>().notNull(),
  protectedContent: jsonb('protected_content').$type<ProtectedContent>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Retired by the editor: no longer asked, still named by the attempts that asked it. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
export type QuestionRow = typeof assessmentQuestions.$inferSelect;

export const assessmentAttempts = pgTable('assessment_attempts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  state: integer('state').notNull().default(AttemptState.InProgress),
  grade: integer('grade').notNull().default(Grade.Ungraded),
  score: integer('score'),
  skillLevel: integer('skill_level'),
  questionCount: integer('question_count').notNull(),
  answers: jsonb('answers').$type<AskedQuestion[]>().notNull().default([]),
  currentQuestionId: bigint('current_question_id', { mode: 'number' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type AttemptRow = typeof assessmentAttempts.$inferSelect;

export const assessmentSkillStats = pgTable(
  'assessment_skill_stats',
  {
    attemptId: bigint('attempt_id', { mode: 'number' }).notNull(),
    skill: text('skill').notNull(),
    answered: integer('answered').notNull(),
    correct: integer('correct').notNull(),
    percent: integer('percent').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.skill] })],
);
export type SkillStatRow = typeof assessmentSkillStats.$inferSelect;

export const assessmentResultShares = pgTable('assessment_result_shares', {
  token: text('token').primaryKey(),
  attemptId: bigint('attempt_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
export type ShareRow = typeof assessmentResultShares.$inferSelect;

export async function insertQuestions(
  db: DbExecutor,
  rows: Array<typeof assessmentQuestions.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await db.insert(assessmentQuestions).values(rows);
}

/** The live (not retired) questions, in order. */
export async function findQuestionsOf(db: DbExecutor, collectionId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(assessmentQuestions)
    .where(and(eq(assessmentQuestions.collectionId, collectionId), isNull(assessmentQuestions.deletedAt)))
    .orderBy(asc(assessmentQuestions.position), asc(assessmentQuestions.id));
}

export const MAX_QUESTIONS = 500;

/** The version of an assessment's question list in the editor (migration 0024, platform/http/etag.ts). */
export const assessmentQuestionSets = pgTable('assessment_question_sets', {
  collectionId: bigint('collection_id', { mode: 'number' }).primaryKey(),
  etag: text('etag').notNull(),
});

/** The question list's eTag; the first read of a list stores `initial` (of two first reads, one wins). */
export async function ensureQuestionSetEtag(
  db: DbExecutor,
  collectionId: number,
  initial: string,
): Promise<string> {
  await db.insert(assessmentQuestionSets).values({ collectionId, etag: initial }).onConflictDoNothing();
  const [row] = await db
    .select({ etag: assessmentQuestionSets.etag })
    .from(assessmentQuestionSets)
    .where(eq(assessmentQuestionSets.collectionId, collectionId));
  if (!row) throw new Error('ensureQuestionSetEtag: row vanished');
  return row.etag;
}

export async function setQuestionSetEtag(tx: DbExecutor, collectionId: number, etag: string): Promise<void> {
  await tx
    .update(assessmentQuestionSets)
    .set({ etag })
    .where(eq(assessmentQuestionSets.collectionId, collectionId));
}

type QuestionValues = Pick<
  typeof assessmentQuestions.$inferInsert,
  'kind' | 'difficulty' | 'skill' | 'content' | 'protectedContent' | 'updatedAt'
>;

export async function insertQuestion(
  db: DbExecutor,
  values: QuestionValues & { collectionId: number; position: number },
): Promise<QuestionRow> {
  const [row] = await db.insert(assessmentQuestions).values(values).returning();
  if (!row) throw new Error('insertQuestion returned nothing');
  return row;
}

const liveQuestion = (collectionId: number, questionId: number) =>
  and(
    eq(assessmentQuestions.collectionId, collectionId),
    eq(assessmentQuestions.id, questionId),
    isNull(assessmentQuestions.deletedAt),
  );

export async function updateLiveQuestion(
  db: DbExecutor,
  collectionId: number,
  questionId: number,
  values: QuestionValues,
): Promise<QuestionRow | undefined> {
  const [row] = await db
    .update(assessmentQuestions)
    .set(values)
    .where(liveQuestion(collectionId, questionId))
    .returning();
  return row;
}

export async function retireQuestion(
  db: DbExecutor,
  collectionId: number,
  questionId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(assessmentQuestions)
    .set({ deletedAt: at, updatedAt: at })
    .where(liveQuestion(collectionId, questionId))
    .returning({ id: assessmentQuestions.id });
  return rows.length > 0;
}

/** Positions 0…n-1 in the given order, in one statement. */
export async function setPositions(
  db: DbExecutor,
  collectionId: number,
  orderedIds: readonly number[],
  at: Date,
): Promise<void> {
  if (orderedIds.length === 0) return;
  const cases = sql.join(
    orderedIds.map((id, index) => sql`WHEN ${id}::bigint THEN ${index}::integer`),
    sql` `,
  );
  await db
    .update(assessmentQuestions)
    .set({ position: sql`CASE ${assessmentQuestions.id} ${cases} END`, updatedAt: at })
    .where(
      and(
        eq(assessmentQuestions.collectionId, collectionId),
        isNull(assessmentQuestions.deletedAt),
        sql`${assessmentQuestions.id} IN (${sql.join(
          orderedIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
      ),
    );
}

export async function findQuestion(
  db: DbExecutor,
  collectionId: number,
  questionId: number,
): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(assessmentQuestions)
    .where(and(eq(assessmentQuestions.collectionId, collectionId), eq(assessmentQuestions.id, questionId)))
    .limit(1);
  return row;
}

export async function insertAttempt(
  db: DbExecutor,
  values: typeof assessmentAttempts.$inferInsert,
): Promise<AttemptRow> {
  const [row] = await db.insert(assessmentAttempts).values(values).returning();
  if (!row) throw new Error('insertAttempt returned nothing');
  return row;
}

export async function findAttempt(db: DbExecutor, attemptId: number): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(assessmentAttempts)
    .where(eq(assessmentAttempts.id, attemptId))
    .limit(1);
  return row;
}

/** The attempt, locked until the transaction ends, so two answers to one question cannot both count. */
export async function lockAttempt(db: DbExecutor, attemptId: number): Promise<AttemptRow | undefined> {
  return selectForUpdate(db, assessmentAttempts, eq(assessmentAttempts.id, attemptId));
}

export async function findOpenAttempt(
  db: DbExecutor,
  userId: number,
  collectionId: number,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(assessmentAttempts)
    .where(
      and(
        eq(assessmentAttempts.userId, userId),
        eq(assessmentAttempts.collectionId, collectionId),
        eq(assessmentAttempts.state, AttemptState.InProgress),
      ),
    )
    .limit(1);
  return row;
}

export async function findLastCompletedAttempt(
  db: DbExecutor,
  userId: number,
  collectionId: number,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(assessmentAttempts)
    .where(
      and(
        eq(assessmentAttempts.userId, userId),
        eq(assessmentAttempts.collectionId, collectionId),
        eq(assessmentAttempts.state, AttemptState.Completed),
      ),
    )
    .orderBy(desc(assessmentAttempts.completedAt))
    .limit(1);
  return row;
}

export async function updateAttempt(
  db: DbExecutor,
  attemptId: number,
  patch: Partial<typeof assessmentAttempts.$inferInsert>,
  at: Date,
): Promise<AttemptRow> {
  const [row] = await db
    .update(assessmentAttempts)
    .set({ ...patch, updatedAt: at })
    .where(eq(assessmentAttempts.id, attemptId))
    .returning();
  if (!row) throw new Error('updateAttempt: attempt vanished');
  return row;
}

/** Replaces an attempt's per-skill stats (generating them again gives the same rows). */
export async function replaceSkillStats(
  db: DbExecutor,
  attemptId: number,
  rows: Array<Omit<typeof assessmentSkillStats.$inferInsert, 'attemptId'>>,
): Promise<void> {
  await db.delete(assessmentSkillStats).where(eq(assessmentSkillStats.attemptId, attemptId));
  if (rows.length > 0) {
    await db.insert(assessmentSkillStats).values(rows.map((row) => ({ ...row, attemptId })));
  }
}

export async function findSkillStats(db: DbExecutor, attemptId: number): Promise<SkillStatRow[]> {
  return db
    .select()
    .from(assessmentSkillStats)
    .where(eq(assessmentSkillStats.attemptId, attemptId))
    .orderBy(asc(assessmentSkillStats.position));
}

/** The attempt's live (not revoked) share, if any. */
export async function findLiveShare(db: DbExecutor, attemptId: number): Promise<ShareRow | undefined> {
  const [row] = await db
    .select()
    .from(assessmentResultShares)
    .where(and(eq(assessmentResultShares.attemptId, attemptId), isNull(assessmentResultShares.revokedAt)))
    .limit(1);
  return row;
}

/** Inserts a share unless the attempt has a live one already (the partial unique index decides). */
export async function insertShare(db: DbExecutor, values: Omit<ShareRow, 'revokedAt'>): Promise<void> {
  await db.insert(assessmentResultShares).values(values).onConflictDoNothing();
}

export async function revokeShares(db: DbExecutor, attemptId: number, at: Date): Promise<number> {
  const rows = await db
    .update(assessmentResultShares)
    .set({ revokedAt: at })
    .where(and(eq(assessmentResultShares.attemptId, attemptId), isNull(assessmentResultShares.revokedAt)))
    .returning({ token: assessmentResultShares.token });
  return rows.length;
}

/** A live share with its attempt; revoked and unknown tokens alike find nothing. */
export async function findSharedAttempt(
  db: DbExecutor,
  token: string,
): Promise<{ share: ShareRow; attempt: AttemptRow; authorId: number } | undefined> {
  const [row] = await db
    .select({ share: assessmentResultShares, attempt: assessmentAttempts, authorId: collections.authorId })
    .from(assessmentResultShares)
    .innerJoin(assessmentAttempts, eq(assessmentAttempts.id, assessmentResultShares.attemptId))
    .innerJoin(collections, eq(collections.id, assessmentAttempts.collectionId))
    .where(and(eq(assessmentResultShares.token, token), isNull(assessmentResultShares.revokedAt)))
    .limit(1);
  return row;
}
