import { and, desc, eq, isNotNull, isNull, like, ne, sql } from 'drizzle-orm';
import { certificates, learnerWorks, pageCompletions, pinnedWorks, userMaps } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for completion maps, visited works, pins, certificates and widget user data.

/** Only the first attempt is tracked for lessons; projects and assessments count attempts themselves. */
const LESSON_ATTEMPT = 1;

export async function completedPageIds(
  db: DbExecutor,
  userId: number,
  collectionId: number,
): Promise<number[]> {
  const rows = await db
    .select({ pageId: pageCompletions.pageId })
    .from(pageCompletions)
    .where(
      and(
        eq(pageCompletions.userId, userId),
        eq(pageCompletions.collectionId, collectionId),
        eq(pageCompletions.attempt, LESSON_ATTEMPT),
      ),
    );
  return rows.map((row) => row.pageId);
}

export async function setPageCompleted(
  db: DbExecutor,
  key: { userId: number; authorId: number; collectionId: number; pageId: number },
  completed: boolean,
  at: Date,
): Promise<void> {
  if (completed) {
    await db
      .insert(pageCompletions)
      .values({ ...key, attempt: LESSON_ATTEMPT, completedAt: at })
      .onConflictDoNothing();
    return;
  }
  await db
    .delete(pageCompletions)
    .where(
      and(
        eq(pageCompletions.userId, key.userId),
        eq(pageCompletions.collectionId, key.collectionId),
        eq(pageCompletions.pageId, key.pageId),
        eq(pageCompletions.attempt, LESSON_ATTEMPT),
      ),
    );
}

export async function touchLearnerWork(
  db: DbExecutor,
  userId: number,
  collectionId: number,
  pageId: number | null,
  at: Date,
): Promise<void> {
  await db
    .insert(learnerWorks)
    .values({ userId, collectionId, lastPageId: pageId, startedAt: at, lastVisitedAt: at })
    .onConflictDoUpdate({
      target: [learnerWorks.userId, learnerWorks.collectionId],
      set: { lastVisitedAt: at, lastPageId: pageId === null ? sql`${learnerWorks.lastPageId}` : pageId },
      // Re-reading the same lesson within a minute changes nothing worth a write.
      setWhere: sql`${learnerWorks.lastPageId} IS DISTINCT FROM ${pageId ?? sql`${learnerWorks.lastPageId}`}
        OR ${learnerWorks.lastVisitedAt} < ${new Date(at.getTime() - 60_000)}`,
    });
}

export async function setWorkCompletedAt(
  db: DbExecutor,
  userId: number,
  collectionId: number,
  at: Date | null,
): Promise<void> {
  await db
    .update(learnerWorks)
    .set({ completedAt: at })
    .where(and(eq(learnerWorks.userId, userId), eq(learnerWorks.collectionId, collectionId)));
}

export type LearnerWorkRow = typeof learnerWorks.$inferSelect;

export async function findLearnerWork(
  db: DbExecutor,
  userId: number,
  collectionId: number,
): Promise<LearnerWorkRow | undefined> {
  const [row] = await db
    .select()
    .from(learnerWorks)
    .where(and(eq(learnerWorks.userId, userId), eq(learnerWorks.collectionId, collectionId)))
    .limit(1);
  return row;
}

export async function listLearnerWorks(
  db: DbExecutor,
  userId: number,
  filter: 'all' | 'in-progress' | 'completed',
  limit = 100,
): Promise<LearnerWorkRow[]> {
  const conditions = [eq(learnerWorks.userId, userId)];
  if (filter === 'in-progress') conditions.push(isNull(learnerWorks.completedAt));
  if (filter === 'completed') conditions.push(isNotNull(learnerWorks.completedAt));
  return db
    .select()
    .from(learnerWorks)
    .where(and(...conditions))
    .orderBy(desc(learnerWorks.lastVisitedAt))
    .limit(limit);
}

export async function pin(db: DbExecutor, userId: number, collectionId: number, at: Date): Promise<void> {
  await db.insert(pinnedWorks).values({ userId, collectionId, pinnedAt: at }).onConflictDoNothing();
}

export async function unpin(db: DbExecutor, userId: number, collectionId: number): Promise<void> {
  await db
    .delete(pinnedWorks)
    .where(and(eq(pinnedWorks.userId, userId), eq(pinnedWorks.collectionId, collectionId)));
}

export async function pinnedIds(db: DbExecutor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: pinnedWorks.collectionId })
    .from(pinnedWorks)
    .where(eq(pinnedWorks.userId, userId))
    .orderBy(desc(pinnedWorks.pinnedAt));
  return rows.map((row) => row.id);
}

export type CertificateRow = typeof certificates.$inferSelect;

export async function insertCertificate(
  db: DbExecutor,
  values: typeof certificates.$inferInsert,
): Promise<CertificateRow | undefined> {
  // One certificate per learner and course; finishing again keeps the first.
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findCertificate(
  db: DbExecutor,
  userId: number,
  collectionId: number,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.collectionId, collectionId)))
    .limit(1);
  return row;
}

export async function findCertificateByHash(
  db: DbExecutor,
  hash: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.hash, hash)).limit(1);
  return row;
}

export async function listCertificates(db: DbExecutor, userId: number): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt));
}

/**
 * Moves a learner's active certificate of a course to a revoked state (a refund or chargeback of the
 * purchase that paid for the course), in the caller's transaction. Returns the rows it changed.
 */
export async function revokeCertificates(
  db: DbExecutor,
  userId: number,
  collectionId: number,
  state: string,
  now: Date,
): Promise<CertificateRow[]> {
  return db
    .update(certificates)
    .set({ state, stateChangedAt: now })
    .where(
      and(
        eq(certificates.userId, userId),
        eq(certificates.collectionId, collectionId),
        eq(certificates.state, 'active'),
      ),
    )
    .returning();
}

/** A certificate bought back (commerce's certificate purchase): active again, unless it already is. */
export async function restoreCertificate(
  db: DbExecutor,
  userId: number,
  collectionId: number,
  now: Date,
): Promise<CertificateRow[]> {
  return db
    .update(certificates)
    .set({ state: 'active', stateChangedAt: now })
    .where(
      and(
        eq(certificates.userId, userId),
        eq(certificates.collectionId, collectionId),
        ne(certificates.state, 'active'),
      ),
    )
    .returning();
}

/** One learner's state in one collection, as a lesson or course page shows it. */
export interface LearnerState {
  completedPageIds: number[];
  lastPageId: number | null;
  lastVisitedAt: Date | null;
  certificateHash: string | null;
  isPinned: boolean;
  /** The learner's widget data under the key prefix asked for (none when no prefix was given). */
  widgetRows: Array<{ key: string; value: unknown }>;
}

/**
 * Completions, the visit row, the certificate, the pin and (with a prefix) the widget data of one
 * learner in one collection, in one statement: the reader's per-learner part of a lesson.
 */
export async function readLearnerState(
  db: DbExecutor,
  userId: number,
  collectionId: number,
  widgetPrefix: string | null,
): Promise<LearnerState> {
  const widgetRows =
    widgetPrefix === null
      ? sql`'[]'::json`
      : sql`coalesce((
          select json_agg(json_build_object('key', ${userMaps.mapKey}, 'value', ${userMaps.value}))
          from ${userMaps}
          where ${userMaps.userId} = ${userId} and ${userMaps.mapName} = ${WIDGET_MAP}
            and ${userMaps.mapKey} like ${`${escapeLike(widgetPrefix)}%`}
        ), '[]'::json)`;
  const result = await db.execute(sql`
    select
      coalesce((
        select json_agg(${pageCompletions.pageId})
        from ${pageCompletions}
        where ${pageCompletions.userId} = ${userId} and ${pageCompletions.collectionId} = ${collectionId}
          and ${pageCompletions.attempt} = ${LESSON_ATTEMPT}
      ), '[]'::json) as completed,
      work.last_page_id as last_page_id,
      work.last_visited_at as last_visited_at,
      (
        select ${certificates.hash} from ${certificates}
        where ${certificates.userId} = ${userId} and ${certificates.collectionId} = ${collectionId}
        limit 1
      ) as certificate_hash,
      exists (
        select 1 from ${pinnedWorks}
        where ${pinnedWorks.userId} = ${userId} and ${pinnedWorks.collectionId} = ${collectionId}
      ) as is_pinned,
      ${widgetRows} as widget_rows
    from (select 1) as one
    left join ${learnerWorks} as work on work.user_id = ${userId} and work.collection_id = ${collectionId}
  `);
  const [row] = (
    result as unknown as {
      rows: Array<{
        completed: Array<number | string>;
        last_page_id: number | string | null;
        last_visited_at: Date | string | null;
        certificate_hash: string | null;
        is_pinned: boolean;
        widget_rows: Array<{ key: string; value: unknown }>;
      }>;
    }
  ).rows;
  if (!row) throw new Error('readLearnerState returned no row');
  return {
    completedPageIds: row.completed.map(Number),
    lastPageId: row.last_page_id === null ? null : Number(row.last_page_id),
    lastVisitedAt: row.last_visited_at === null ? null : new Date(row.last_visited_at),
    certificateHash: row.certificate_hash,
    isPinned: row.is_pinned,
    widgetRows: row.widget_rows,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, '\\$&');
}

export const WIDGET_MAP = 'collection';
const PREFERENCES_MAP = 'preferences';

export async function getPreference(db: DbExecutor, userId: number, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: userMaps.value })
    .from(userMaps)
    .where(and(eq(userMaps.userId, userId), eq(userMaps.mapName, PREFERENCES_MAP), eq(userMaps.mapKey, key)))
    .limit(1);
  return row?.value;
}

export async function putPreference(db: DbExecutor, userId: number, key: string, value: unknown, at: Date) {
  await db
    .insert(userMaps)
    .values({ userId, mapName: PREFERENCES_MAP, mapKey: key, value, updatedAt: at })
    .onConflictDoUpdate({
      target: [userMaps.userId, userMaps.mapName, userMaps.mapKey],
      set: { value, updatedAt: at },
    });
}

export async function putWidgetData(
  db: DbExecutor,
  userId: number,
  key: string,
  value: unknown,
  at: Date,
): Promise<void> {
  await db
    .insert(userMaps)
    .values({ userId, mapName: WIDGET_MAP, mapKey: key, value, updatedAt: at })
    .onConflictDoUpdate({
      target: [userMaps.userId, userMaps.mapName, userMaps.mapKey],
      set: { value, updatedAt: at },
    });
}

export async function findWidgetData(db: DbExecutor, userId: number, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: userMaps.value })
    .from(userMaps)
    .where(and(eq(userMaps.userId, userId), eq(userMaps.mapName, WIDGET_MAP), eq(userMaps.mapKey, key)));
  return row?.value;
}

export async function widgetDataWithPrefix(
  db: DbExecutor,
  userId: number,
  prefix: string,
): Promise<Array<{ key: string; value: unknown }>> {
  const rows = await db
    .select({ key: userMaps.mapKey, value: userMaps.value })
    .from(userMaps)
    .where(
      and(
        eq(userMaps.userId, userId),
        eq(userMaps.mapName, WIDGET_MAP),
        like(userMaps.mapKey, `${escapeLike(prefix)}%`),
      ),
    );
  return rows;
}
