import { and, eq, inArray, sql } from 'drizzle-orm';
import { liveWidgetInteractions, pageReadTimes, userMaps } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for a learner's key/value maps (the user_maps table of 0003), page read time and live-widget
// interactions (0096).

export async function findValues(
  db: DbExecutor,
  userId: number,
  mapName: string,
  keys?: string[],
): Promise<Array<{ key: string; value: unknown }>> {
  const conditions = [eq(userMaps.userId, userId), eq(userMaps.mapName, mapName)];
  if (keys) conditions.push(inArray(userMaps.mapKey, keys));
  return db
    .select({ key: userMaps.mapKey, value: userMaps.value })
    .from(userMaps)
    .where(and(...conditions))
    .orderBy(userMaps.mapKey);
}

/** Each stored key with the size of its value as JSON text, for the per-map size limit. */
export async function findValueSizes(
  db: DbExecutor,
  userId: number,
  mapName: string,
): Promise<Array<{ key: string; bytes: number }>> {
  return db
    .select({
      key: userMaps.mapKey,
      bytes: sql<number>`octet_length(${userMaps.value}::text)`.mapWith(Number),
    })
    .from(userMaps)
    .where(and(eq(userMaps.userId, userId), eq(userMaps.mapName, mapName)));
}

export async function upsertValues(
  db: DbExecutor,
  userId: number,
  mapName: string,
  entries: Array<[string, unknown]>,
  at: Date,
): Promise<void> {
  await db
    .insert(userMaps)
    .values(entries.map(([mapKey, value]) => ({ userId, mapName, mapKey, value, updatedAt: at })))
    .onConflictDoUpdate({
      target: [userMaps.userId, userMaps.mapName, userMaps.mapKey],
      set: { value: sql`excluded.value`, updatedAt: at },
    });
}

export async function deleteKeys(
  db: DbExecutor,
  userId: number,
  mapName: string,
  keys: string[],
): Promise<number> {
  const rows = await db
    .delete(userMaps)
    .where(and(eq(userMaps.userId, userId), eq(userMaps.mapName, mapName), inArray(userMaps.mapKey, keys)))
    .returning({ key: userMaps.mapKey });
  return rows.length;
}

/** Adds one report to the page's running total and answers the new total in seconds. */
export async function addReadTime(
  db: DbExecutor,
  key: { userId: number; pageType: string; pageId: number },
  seconds: number,
  at: Date,
): Promise<number> {
  const [row] = await db
    .insert(pageReadTimes)
    .values({ ...key, totalSeconds: seconds, reports: 1, firstReadAt: at, lastReadAt: at })
    .onConflictDoUpdate({
      target: [pageReadTimes.userId, pageReadTimes.pageType, pageReadTimes.pageId],
      set: {
        totalSeconds: sql`${pageReadTimes.totalSeconds} + ${seconds}`,
        reports: sql`${pageReadTimes.reports} + 1`,
        lastReadAt: at,
      },
    })
    .returning({ total: pageReadTimes.totalSeconds });
  return row?.total ?? seconds;
}

export interface LiveWidgetKey {
  userId: number;
  authorId: number;
  collectionId: number;
  pageId: number;
  compId: string;
}

/** Adds each count to the widget's running total for that interaction. */
export async function addLiveInteractions(
  db: DbExecutor,
  key: LiveWidgetKey,
  entries: Array<{ interaction: string; count: number }>,
  at: Date,
): Promise<void> {
  const t = liveWidgetInteractions;
  await db
    .insert(t)
    .values(entries.map((entry) => ({ ...key, ...entry, firstAt: at, lastAt: at })))
    .onConflictDoUpdate({
      target: [t.userId, t.authorId, t.collectionId, t.pageId, t.compId, t.interaction],
      set: { count: sql`${t.count} + excluded.count`, lastAt: at },
    });
}

export async function findLiveInteractions(
  db: DbExecutor,
  key: LiveWidgetKey,
): Promise<Array<{ interaction: string; count: number; firstAt: Date; lastAt: Date }>> {
  const t = liveWidgetInteractions;
  return db
    .select({ interaction: t.interaction, count: t.count, firstAt: t.firstAt, lastAt: t.lastAt })
    .from(t)
    .where(
      and(
        eq(t.userId, key.userId),
        eq(t.authorId, key.authorId),
        eq(t.collectionId, key.collectionId),
        eq(t.pageId, key.pageId),
        eq(t.compId, key.compId),
      ),
    )
    .orderBy(t.interaction);
}
