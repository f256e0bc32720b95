import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for the studio's own tables (0005_authoring.sql); pages and collections belong to content.

export const pageSnapshots = pgTable('page_snapshots', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  pageId: bigint('page_id', { mode: 'number' }).notNull(),
  etag: text('etag').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  components: jsonb('components').$type<unknown[]>().notNull(),
  savedBy: bigint('saved_by', { mode: 'number' }),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PageSnapshotRow = typeof pageSnapshots.$inferSelect;

export const collectionReviews = pgTable('collection_reviews', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
  actorId: bigint('actor_id', { mode: 'number' }),
  reviewState: integer('review_state').notNull(),
  submissionType: integer('submission_type'),
  reason: text('reason').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CollectionReviewRow = typeof collectionReviews.$inferSelect;

export async function insertSnapshot(
  db: DbExecutor,
  values: typeof pageSnapshots.$inferInsert & { savedAt: Date },
): Promise<PageSnapshotRow> {
  const [row] = await db.insert(pageSnapshots).values(values).returning();
  if (!row) throw new Error('insertSnapshot returned nothing');
  return row;
}

/** Keeps the newest `keep` snapshots of a page. */
export async function pruneSnapshots(db: DbExecutor, pageId: number, keep: number): Promise<void> {
  await db.execute(sql`DELETE FROM page_snapshots
    WHERE page_id = ${pageId}
      AND id NOT IN (SELECT id FROM page_snapshots WHERE page_id = ${pageId} ORDER BY id DESC LIMIT ${keep})`);
}

const summaryColumns = {
  id: pageSnapshots.id,
  pageId: pageSnapshots.pageId,
  etag: pageSnapshots.etag,
  title: pageSnapshots.title,
  savedBy: pageSnapshots.savedBy,
  savedAt: pageSnapshots.savedAt,
  savedByName: users.fullName,
};
export type PageSnapshotSummaryRow = {
  id: number;
  pageId: number;
  etag: string;
  title: string;
  savedBy: number | null;
  savedAt: Date;
  savedByName: string | null;
};

/** Newest first, without the (large) widget lists. */
export async function listSnapshots(db: DbExecutor, pageId: number): Promise<PageSnapshotSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(pageSnapshots)
    .leftJoin(users, eq(users.id, pageSnapshots.savedBy))
    .where(eq(pageSnapshots.pageId, pageId))
    .orderBy(desc(pageSnapshots.id));
}

export async function findSnapshot(
  db: DbExecutor,
  pageId: number,
  snapshotId: number,
): Promise<(PageSnapshotSummaryRow & { summary: string; components: unknown[] }) | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, summary: pageSnapshots.summary, components: pageSnapshots.components })
    .from(pageSnapshots)
    .leftJoin(users, eq(users.id, pageSnapshots.savedBy))
    .where(and(eq(pageSnapshots.pageId, pageId), eq(pageSnapshots.id, snapshotId)))
    .limit(1);
  return row;
}

export async function insertReviewEvent(
  db: DbExecutor,
  values: typeof collectionReviews.$inferInsert & { createdAt: Date },
): Promise<void> {
  await db.insert(collectionReviews).values(values);
}

export async function findLatestReviewEvent(
  db: DbExecutor,
  collectionId: number,
): Promise<CollectionReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(collectionReviews)
    .where(eq(collectionReviews.collectionId, collectionId))
    .orderBy(desc(collectionReviews.id))
    .limit(1);
  return row;
}

/** When each collection was last submitted for review. */
export async function findSubmissionTimes(
  db: DbExecutor,
  collectionIds: number[],
  submittedState: number,
): Promise<Map<number, Date>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await db
    .select({
      collectionId: collectionReviews.collectionId,
      at: sql<string>`max(${collectionReviews.createdAt})`,
    })
    .from(collectionReviews)
    .where(
      and(
        inArray(collectionReviews.collectionId, collectionIds),
        eq(collectionReviews.reviewState, submittedState),
      ),
    )
    .groupBy(collectionReviews.collectionId);
  return new Map(rows.map((row) => [row.collectionId, new Date(row.at)]));
}
