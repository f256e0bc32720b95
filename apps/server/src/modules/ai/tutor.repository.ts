import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/database.js';

// The tutor's ladders and its log (tutor_ladders, tutor_hints), and the log's read of code reviews.

/** Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export interface LadderKey {
  userId: number;
  collectionId: number;
  pageId: number;
  compId: string;
}

/**
 * Climbs one rung, at most to `top`, and answers the rung reached. One statement: two quick clicks from
 * two tabs climb two rungs, never the same one twice.
 */
export async function climb(db: DbExecutor, key: LadderKey, top: number, at: Date): Promise<number> {
  const [row] = rowsOf<{ level: number }>(
    await db.execute(sql`
      INSERT INTO tutor_ladders (user_id, collection_id, page_id, comp_id, level, updated_at)
      VALUES (${key.userId}, ${key.collectionId}, ${key.pageId}, ${key.compId}, LEAST(1, ${top}), ${at})
      ON CONFLICT (user_id, collection_id, page_id, comp_id)
      DO UPDATE SET level = LEAST(tutor_ladders.level + 1, ${top}), updated_at = ${at}
      RETURNING level`),
  );
  return Number(row?.level ?? 0);
}

/** The rung reached so far (0 before the first hint). */
export async function levelOf(db: DbExecutor, key: LadderKey): Promise<number> {
  const [row] = rowsOf<{ level: number }>(
    await db.execute(sql`
      SELECT level FROM tutor_ladders
      WHERE user_id = ${key.userId} AND collection_id = ${key.collectionId}
        AND page_id = ${key.pageId} AND comp_id = ${key.compId}`),
  );
  return Number(row?.level ?? 0);
}

export interface HintLogInsert extends LadderKey {
  status: string;
  level: number;
  source: string | null;
  text: string;
  testsPassed: number | null;
  testsTotal: number | null;
  sourceSha256: string;
  createdAt: Date;
}

export async function logHint(db: DbExecutor, entry: HintLogInsert): Promise<void> {
  await db.execute(sql`
    INSERT INTO tutor_hints (user_id, collection_id, page_id, comp_id, status, level, source, text,
      tests_passed, tests_total, source_sha256, created_at)
    VALUES (${entry.userId}, ${entry.collectionId}, ${entry.pageId}, ${entry.compId}, ${entry.status},
      ${entry.level}, ${entry.source}, ${entry.text}, ${entry.testsPassed}, ${entry.testsTotal},
      ${entry.sourceSha256}, ${entry.createdAt})`);
}

export interface LogRow {
  kind: 'hint' | 'review';
  at: Date | string;
  learner_name: string;
  lesson_title: string | null;
  page_id: number | string | null;
  comp_id: string | null;
  level: number | null;
  source: string | null;
  text: string;
  tests_passed: number | null;
  tests_total: number | null;
  rating: number | null;
  feedback: string | null;
}

/**
 * The newest hints and reviews given on one collection's exercises, newest first. The lesson title is the
 * draft page's (the page ids of published versions are the draft's).
 */
export async function logOf(db: DbExecutor, collectionId: number, limit: number): Promise<LogRow[]> {
  return rowsOf<LogRow>(
    await db.execute(sql`
      SELECT entry.*, users.full_name AS learner_name, pages.title AS lesson_title
      FROM (
        SELECT 'hint' AS kind, created_at AS at, user_id, page_id, comp_id, level, source, text,
          tests_passed, tests_total, NULL::smallint AS rating, NULL::text AS feedback
        FROM tutor_hints WHERE collection_id = ${collectionId}
        UNION ALL
        SELECT 'review', created_at, user_id, page_id, comp_id, NULL, NULL, summary,
          tests_passed, tests_total, rating, feedback
        FROM ai_code_reviews WHERE collection_id = ${collectionId}
      ) AS entry
      JOIN users ON users.id = entry.user_id
      LEFT JOIN pages ON pages.id = entry.page_id
      ORDER BY entry.at DESC
      LIMIT ${limit}`),
  );
}
