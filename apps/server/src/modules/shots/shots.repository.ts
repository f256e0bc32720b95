import { ItemStatus, VersionState, WorkType } from '@coderoom/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  collections,
  collectionVersions,
  type ShotRow,
  shotBookmarks,
  shotLikes,
  shots,
  users,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL of the answers module. A shot's content lives in the content model's collections, pages and
// versions; this module reads those tables for its listing and keeps shots, likes and bookmarks.

export async function insertShot(db: DbExecutor, values: typeof shots.$inferInsert): Promise<ShotRow> {
  const [row] = await db.insert(shots).values(values).returning();
  if (!row) throw new Error('insertShot: no row');
  return row;
}

export async function findShot(db: DbExecutor, collectionId: number): Promise<ShotRow | undefined> {
  const [row] = await db
    .select()
    .from(shots)
    .where(and(eq(shots.collectionId, collectionId), eq(shots.deleted, false)))
    .limit(1);
  return row;
}

export async function findShotByUrl(db: DbExecutor, url: string): Promise<ShotRow | undefined> {
  const [row] = await db
    .select()
    .from(shots)
    .where(and(eq(shots.url, url), eq(shots.deleted, false)))
    .limit(1);
  return row;
}

export async function updateShot(
  db: DbExecutor,
  collectionId: number,
  patch: Partial<typeof shots.$inferInsert>,
): Promise<ShotRow | undefined> {
  const [row] = await db.update(shots).set(patch).where(eq(shots.collectionId, collectionId)).returning();
  return row;
}

export async function addLike(db: DbExecutor, collectionId: number, userId: number, at: Date) {
  await db.insert(shotLikes).values({ collectionId, userId, createdAt: at }).onConflictDoNothing();
}

export async function removeLike(db: DbExecutor, collectionId: number, userId: number) {
  await db
    .delete(shotLikes)
    .where(and(eq(shotLikes.collectionId, collectionId), eq(shotLikes.userId, userId)));
}

export async function addBookmark(db: DbExecutor, collectionId: number, userId: number, at: Date) {
  await db.insert(shotBookmarks).values({ collectionId, userId, createdAt: at }).onConflictDoNothing();
}

export async function removeBookmark(db: DbExecutor, collectionId: number, userId: number) {
  await db
    .delete(shotBookmarks)
    .where(and(eq(shotBookmarks.collectionId, collectionId), eq(shotBookmarks.userId, userId)));
}

export async function countLikes(db: DbExecutor, collectionId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(shotLikes)
    .where(eq(shotLikes.collectionId, collectionId));
  return row?.count ?? 0;
}

export async function readerFlags(db: DbExecutor, collectionId: number, userId: number) {
  const [liked] = await db
    .select({ userId: shotLikes.userId })
    .from(shotLikes)
    .where(and(eq(shotLikes.collectionId, collectionId), eq(shotLikes.userId, userId)))
    .limit(1);
  const [bookmarked] = await db
    .select({ userId: shotBookmarks.userId })
    .from(shotBookmarks)
    .where(and(eq(shotBookmarks.collectionId, collectionId), eq(shotBookmarks.userId, userId)))
    .limit(1);
  return { liked: liked !== undefined, bookmarked: bookmarked !== undefined };
}

export async function addShare(db: DbExecutor, collectionId: number): Promise<number> {
  const [row] = await db
    .update(shots)
    .set({ shares: sql`${shots.shares} + 1` })
    .where(eq(shots.collectionId, collectionId))
    .returning({ shares: shots.shares });
  return row?.shares ?? 0;
}

export interface ShotListing {
  search: string;
  tag: string | null;
  topic: string | null;
  sort: 'newest' | 'most_liked';
  reviewStates: number[];
  limit: number;
  offset: number;
}

const likeCount = sql<number>`(select count(*)::int from ${shotLikes} where ${shotLikes.collectionId} = ${shots.collectionId})`;

function listingConditions(filter: Pick<ShotListing, 'search' | 'tag' | 'topic' | 'reviewStates'>) {
  const conditions: SQL[] = [
    eq(shots.deleted, false),
    eq(collections.workType, WorkType.Answer),
    eq(collections.status, ItemStatus.Enabled),
    eq(collections.isPrivate, false),
    inArray(collections.reviewState, filter.reviewStates),
    eq(collectionVersions.state, VersionState.Published),
  ];
  if (filter.topic) conditions.push(sql`${filter.topic} = ANY(${shots.programmingTags})`);
  if (filter.tag) {
    conditions.push(
      sql`(${filter.tag} = ANY(${shots.topicTags}) OR ${filter.tag} = ANY(${collectionVersions.tags}))`,
    );
  }
  // The catalogue's rule: every word must match, the last also as a prefix; a title substring covers "C++".
  const words = filter.search.toLowerCase().match(/[\p{L}\p{N}+#]+/gu) ?? [];
  if (words.length > 0) {
    const query = words
      .map((word, index) => {
        const safe = word.replace(/[^\p{L}\p{N}]/gu, '');
        return index === words.length - 1 && safe ? `${safe}:*` : safe;
      })
      .filter(Boolean)
      .join(' & ');
    const title = sql`lower(${collectionVersions.title})`;
    const substring = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      query
        ? sql`(${collectionVersions.searchDocument} @@ to_tsquery('english', ${query}) OR ${title} LIKE ${substring})`
        : sql`${title} LIKE ${substring}`,
    );
  }
  return and(...conditions);
}

/** Published, approved, public shots matching the filter, with author and like count. */
export async function listPublishedShots(db: DbExecutor, filter: ShotListing) {
  const where = listingConditions(filter);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(shots)
    .innerJoin(collections, eq(collections.id, shots.collectionId))
    .innerJoin(collectionVersions, eq(collectionVersions.collectionId, collections.id))
    .where(where);
  const order =
    filter.sort === 'most_liked'
      ? [desc(likeCount), desc(collectionVersions.publishedAt)]
      : [desc(collectionVersions.publishedAt)];
  const rows = await db
    .select({
      shot: shots,
      authorId: collections.authorId,
      authorName: users.fullName,
      title: collectionVersions.title,
      summary: collectionVersions.summary,
      tags: collectionVersions.tags,
      publishedAt: collectionVersions.publishedAt,
      likes: likeCount,
    })
    .from(shots)
    .innerJoin(collections, eq(collections.id, shots.collectionId))
    .innerJoin(collectionVersions, eq(collectionVersions.collectionId, collections.id))
    .innerJoin(users, eq(users.id, collections.authorId))
    .where(where)
    .orderBy(...order, shots.collectionId)
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total: count?.total ?? 0 };
}

/** The topic tags of every listed shot with how many shots carry each, most used first. */
export async function listedTopicTags(db: DbExecutor, reviewStates: number[], limit: number) {
  const tag = sql<string>`unnest(${shots.topicTags})`;
  const inner = db
    .select({ tag: tag.as('tag') })
    .from(shots)
    .innerJoin(collections, eq(collections.id, shots.collectionId))
    .innerJoin(collectionVersions, eq(collectionVersions.collectionId, collections.id))
    .where(listingConditions({ search: '', tag: null, topic: null, reviewStates }))
    .as('listed');
  return db
    .select({ tag: inner.tag, count: sql<number>`count(*)::int` })
    .from(inner)
    .groupBy(inner.tag)
    .orderBy(desc(sql`count(*)`), inner.tag)
    .limit(limit);
}

/** An author's shots (drafts and published), newest change first. */
export async function findShotsOfAuthor(db: DbExecutor, authorId: number) {
  return db
    .select({
      shot: shots,
      title: collections.title,
      reviewState: collections.reviewState,
      updatedAt: collections.updatedAt,
      live: sql<boolean>`exists (select 1 from ${collectionVersions} where ${collectionVersions.collectionId} = ${shots.collectionId} and ${collectionVersions.state} = ${VersionState.Published})`,
    })
    .from(shots)
    .innerJoin(collections, eq(collections.id, shots.collectionId))
    .where(and(eq(collections.authorId, authorId), eq(shots.deleted, false)))
    .orderBy(desc(collections.updatedAt))
    .limit(200);
}
