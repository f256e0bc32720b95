import {
  type CourseRef,
  ItemStatus,
  isPathContentReachable,
  type OrganizationScope,
  VersionState,
  WorkType,
} from '@coderoom/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  ne,
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  type CollectionRow,
  type CollectionVersionRow,
  collections,
  collectionVersions,
  learnerWorks,
  type PageRow,
  type PageVersionRow,
  pages,
  pageVersions,
  users,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// SQL for collections, pages and their published versions; no rules, no permission checks.

export async function insertCollection(
  db: DbExecutor,
  values: typeof collections.$inferInsert,
): Promise<CollectionRow> {
  const [row] = await db.insert(collections).values(values).returning();
  if (!row) throw new Error('insertCollection returned nothing');
  return row;
}

export async function updateCollection(
  db: DbExecutor,
  id: number,
  patch: Partial<typeof collections.$inferInsert>,
  at: Date,
): Promise<CollectionRow | undefined> {
  const [row] = await db
    .update(collections)
    .set({ ...patch, updatedAt: at })
    .where(eq(collections.id, id))
    .returning();
  return row;
}

export async function findCollection(db: DbExecutor, id: number): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id)).limit(1);
  return row;
}

export async function findCollectionByEncodedId(
  db: DbExecutor,
  encodedId: string,
): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.encodedId, encodedId)).limit(1);
  return row;
}

export async function findCollectionBySlug(
  db: DbExecutor,
  authorId: number,
  workType: string,
  slug: string,
): Promise<CollectionRow | undefined> {
  const [row] = await db
    .select()
    .from(collections)
    .where(
      and(eq(collections.authorId, authorId), eq(collections.workType, workType), eq(collections.slug, slug)),
    )
    .limit(1);
  return row;
}

export async function insertPage(db: DbExecutor, values: typeof pages.$inferInsert): Promise<PageRow> {
  const [row] = await db.insert(pages).values(values).returning();
  if (!row) throw new Error('insertPage returned nothing');
  return row;
}

/** Every course that is not deleted, oldest first (content export). */
export async function findCourses(db: DbExecutor): Promise<Array<{ id: number; slug: string }>> {
  return db
    .select({ id: collections.id, slug: collections.slug })
    .from(collections)
    .where(and(eq(collections.workType, WorkType.Course), ne(collections.status, ItemStatus.Deleted)))
    .orderBy(collections.id);
}

export async function findPagesOf(db: DbExecutor, collectionId: number): Promise<PageRow[]> {
  return db.select().from(pages).where(eq(pages.collectionId, collectionId));
}

export async function findPage(
  db: DbExecutor,
  collectionId: number,
  pageId: number,
): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.collectionId, collectionId), eq(pages.id, pageId)))
    .limit(1);
  return row;
}

/** A version as readers and the studio use it: every column but the (large) full-text search document. */
export type VersionRow = Omit<CollectionVersionRow, 'searchDocument'>;

const { searchDocument: _searchDocument, ...versionColumns } = getTableColumns(collectionVersions);

export async function findLiveVersion(db: DbExecutor, collectionId: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select(versionColumns)
    .from(collectionVersions)
    .where(
      and(
        eq(collectionVersions.collectionId, collectionId),
        eq(collectionVersions.state, VersionState.Published),
      ),
    )
    .limit(1);
  return row;
}

export async function findLiveVersions(db: DbExecutor, collectionIds: number[]): Promise<VersionRow[]> {
  if (collectionIds.length === 0) return [];
  return db
    .select(versionColumns)
    .from(collectionVersions)
    .where(
      and(
        inArray(collectionVersions.collectionId, collectionIds),
        eq(collectionVersions.state, VersionState.Published),
      ),
    );
}

export async function lastVersionNo(db: DbExecutor, collectionId: number): Promise<number> {
  const [row] = await db
    .select({ versionNo: collectionVersions.versionNo })
    .from(collectionVersions)
    .where(eq(collectionVersions.collectionId, collectionId))
    .orderBy(desc(collectionVersions.versionNo))
    .limit(1);
  return row?.versionNo ?? 0;
}

export async function markVersionsObsolete(db: DbExecutor, collectionId: number): Promise<void> {
  await db
    .update(collectionVersions)
    .set({ state: VersionState.Obsolete })
    .where(
      and(
        eq(collectionVersions.collectionId, collectionId),
        eq(collectionVersions.state, VersionState.Published),
      ),
    );
}

export type VersionInsert = Omit<typeof collectionVersions.$inferInsert, 'searchDocument'> & {
  /** Weighted parts of the full-text document: A title, B tags and topic, C summary, D lesson titles. */
  search: { a: string; b: string; c: string; d: string };
};

export async function insertVersion(db: DbExecutor, values: VersionInsert): Promise<CollectionVersionRow> {
  const { search, ...rest } = values;
  const document = sql`setweight(to_tsvector('english', ${search.a}), 'A') ||
    setweight(to_tsvector('english', ${search.b}), 'B') ||
    setweight(to_tsvector('english', ${search.c}), 'C') ||
    setweight(to_tsvector('english', ${search.d}), 'D')`;
  const [row] = await db
    .insert(collectionVersions)
    .values({ ...rest, searchDocument: document as unknown as string })
    .returning();
  if (!row) throw new Error('insertVersion returned nothing');
  return row;
}

export async function insertPageVersions(
  db: DbExecutor,
  rows: Array<typeof pageVersions.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await db.insert(pageVersions).values(rows);
}

export async function findPageVersion(
  db: DbExecutor,
  versionId: number,
  pageId: number,
): Promise<PageVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(pageVersions)
    .where(and(eq(pageVersions.collectionVersionId, versionId), eq(pageVersions.pageId, pageId)))
    .limit(1);
  return row;
}

/** One version by its id (published versions never change but for their state and early-access flag). */
export async function findVersionById(db: DbExecutor, versionId: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select(versionColumns)
    .from(collectionVersions)
    .where(eq(collectionVersions.id, versionId))
    .limit(1);
  return row;
}

/** Titles and facts of a version's pages, without their (large) widget lists. */
export async function findPageOutlines(db: DbExecutor, versionId: number) {
  return db
    .select({
      pageId: pageVersions.pageId,
      title: pageVersions.title,
      slug: pageVersions.slug,
      summary: pageVersions.summary,
      estimatedMinutes: pageVersions.estimatedMinutes,
      itemType: pageVersions.itemType,
    })
    .from(pageVersions)
    .where(eq(pageVersions.collectionVersionId, versionId));
}

export async function findDraftPageOutlines(db: DbExecutor, collectionId: number) {
  return db
    .select({
      pageId: pages.id,
      title: pages.title,
      slug: pages.slug,
      summary: pages.summary,
      estimatedMinutes: pages.estimatedMinutes,
      itemType: pages.itemType,
      status: pages.status,
    })
    .from(pages)
    .where(eq(pages.collectionId, collectionId));
}

export interface ListingRow {
  collection: CollectionRow;
  version: VersionRow;
  authorName: string;
  learnerCount: number;
}

/** Explore's orders (FeaturedItemsQuery.sort); 'relevance' ranks by the search, then by title. */
export type ListingSort = 'relevance' | 'popular' | 'newest' | 'shortest' | 'title';

/** Learners of a collection: everyone who opened it (progress keeps one learner_works row each). */
const learnerCount = sql<number>`(select count(*)::int from ${learnerWorks} where ${learnerWorks.collectionId} = ${collections.id})`;

const listingColumns = {
  collection: collections,
  version: versionColumns,
  authorName: users.fullName,
  learnerCount,
};

export interface ListingFilter {
  search: string;
  workTypes: string[] | null;
  topic: string | null;
  difficulty: string | null;
  onlyFree: boolean;
  onlyEarlyAccess: boolean;
  /** Approved review states that may be listed. */
  reviewStates: number[];
  tag: string | null;
  /** Total estimated minutes, inclusive bounds; null for no bound. */
  minMinutes?: number | null;
  maxMinutes?: number | null;
  sort?: ListingSort;
  /** An organization member's bounds (spec 001 §5): what their subscription leaves out is not listed. */
  scope?: OrganizationScope | null;
  limit: number;
  offset: number;
}

const COURSE_TYPES: string[] = [WorkType.Course, WorkType.MiniCourse];
const PATH_TYPES: string[] = [WorkType.Path, WorkType.Module, WorkType.Collection];

function matchesRefs(refs: readonly CourseRef[]): SQL {
  if (refs.length === 0) return sql`false`;
  return or(
    ...refs.map((ref) => and(eq(collections.authorId, ref.author_id), eq(collections.id, ref.work_id))),
  )!;
}

function inCategories(categories: readonly string[]): SQL {
  if (categories.length === 0) return sql`false`;
  const list = sql`ARRAY[${sql.join(
    categories.map((category) => sql`${category}`),
    sql`, `,
  )}]::text[]`;
  // A collection without a language topic is in no topic category (not "unknown").
  return sql`(coalesce(${collections.languageTopic} = ANY(${list}), false) OR ${collections.tags} && ${list})`;
}

/** The listing side of isVisibleInOrganization (packages/domain), as SQL over collections. */
function scopeCondition(scope: OrganizationScope): SQL | undefined {
  const conditions: SQL[] = [];
  if (!scope.can_access_cloudlabs) conditions.push(ne(collections.workType, WorkType.StandaloneCloudLab));
  if (!isPathContentReachable(scope)) {
    conditions.push(notInArray(collections.workType, [...COURSE_TYPES, ...PATH_TYPES]));
  }
  const included = scope.included_courses_list ?? [];
  const excluded = scope.excluded_courses_list ?? [];
  const includedCategories = scope.included_categories_list ?? [];
  const excludedCategories = scope.excluded_categories_list ?? [];
  const hasInclusion = included.length > 0 || includedCategories.length > 0;
  const hasExclusion = excluded.length > 0 || excludedCategories.length > 0;
  const notACourse = notInArray(collections.workType, COURSE_TYPES);
  if (!scope.include_all_courses && hasInclusion) {
    conditions.push(or(notACourse, matchesRefs(included), inCategories(includedCategories))!);
  } else if (!scope.include_all_courses && hasExclusion) {
    conditions.push(or(notACourse, and(not(matchesRefs(excluded)), not(inCategories(excludedCategories))))!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Public, enabled, published collections matching the filter; ranked by search relevance, then title. */
export async function listPublished(
  db: DbExecutor,
  filter: ListingFilter,
): Promise<{ rows: ListingRow[]; total: number }> {
  const conditions = [
    eq(collectionVersions.state, VersionState.Published),
    eq(collections.status, ItemStatus.Enabled),
    eq(collections.isPrivate, false),
    inArray(collections.reviewState, filter.reviewStates),
  ];
  if (filter.workTypes) conditions.push(inArray(collections.workType, filter.workTypes));
  if (filter.topic) conditions.push(eq(collectionVersions.languageTopic, filter.topic));
  if (filter.difficulty) conditions.push(sql`${collectionVersions.difficulty} = ${filter.difficulty}`);
  if (filter.onlyFree) conditions.push(eq(collectionVersions.isFree, true));
  if (filter.onlyEarlyAccess) conditions.push(eq(collectionVersions.isEarlyAccess, true));
  if (filter.tag) conditions.push(sql`${filter.tag} = ANY(${collectionVersions.tags})`);
  const scoped = filter.scope ? scopeCondition(filter.scope) : undefined;
  if (scoped) conditions.push(scoped);
  if (filter.minMinutes != null) conditions.push(gte(collectionVersions.estimatedMinutes, filter.minMinutes));
  if (filter.maxMinutes != null) conditions.push(lte(collectionVersions.estimatedMinutes, filter.maxMinutes));
  // Every word of the search must match; the last one also as a prefix, so "pyth" finds Python.
  const words = filter.search.toLowerCase().match(/[\p{L}\p{N}+#]+/gu) ?? [];
  let rank: ReturnType<typeof sql> | null = null;
  if (words.length > 0) {
    const query = words
      .map((word, index) => {
        const safe = word.replace(/[^\p{L}\p{N}]/gu, '');
        return index === words.length - 1 && safe ? `${safe}:*` : safe;
      })
      .filter(Boolean)
      .join(' & ');
    const tsQuery = sql`to_tsquery('english', ${query})`;
    const title = sql`lower(${collectionVersions.title})`;
    // Names like "C++" carry no indexable word; a substring match on the title covers them.
    conditions.push(
      query
        ? sql`(${collectionVersions.searchDocument} @@ ${tsQuery} OR ${title} LIKE ${`%${filter.search.toLowerCase()}%`})`
        : sql`${title} LIKE ${`%${filter.search.toLowerCase()}%`}`,
    );
    rank = query ? sql`ts_rank(${collectionVersions.searchDocument}, ${tsQuery})` : null;
  }
  const where = and(...conditions);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(collectionVersions)
    .innerJoin(collections, eq(collections.id, collectionVersions.collectionId))
    .where(where);
  const byRank = rank ? [desc(rank)] : [];
  const order = {
    relevance: byRank,
    popular: [desc(learnerCount), ...byRank],
    newest: [desc(collectionVersions.publishedAt), ...byRank],
    shortest: [asc(collectionVersions.estimatedMinutes), ...byRank],
    title: [],
  }[filter.sort ?? 'relevance'];
  const rows = await db
    .select(listingColumns)
    .from(collectionVersions)
    .innerJoin(collections, eq(collections.id, collectionVersions.collectionId))
    .innerJoin(users, eq(users.id, collections.authorId))
    .where(where)
    // Titles in reading order: "Zig in Depth" after "Zig Basics" whatever the database's collation.
    .orderBy(...order, sql`lower(${collectionVersions.title})`, collectionVersions.id)
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total: count?.total ?? 0 };
}

export async function findListingRows(db: DbExecutor, collectionIds: number[]): Promise<ListingRow[]> {
  if (collectionIds.length === 0) return [];
  return db
    .select(listingColumns)
    .from(collectionVersions)
    .innerJoin(collections, eq(collections.id, collectionVersions.collectionId))
    .innerJoin(users, eq(users.id, collections.authorId))
    .where(and(inArray(collections.id, collectionIds), eq(collectionVersions.state, VersionState.Published)));
}

export async function countLearners(db: DbExecutor, collectionId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(learnerWorks)
    .where(eq(learnerWorks.collectionId, collectionId));
  return row?.count ?? 0;
}

/**
 * Published paths that list the collection among their courses (details.path_courses, in order), with
 * that list; the reader takes the courses before it as its prerequisites.
 */
export async function findPathsListing(
  db: DbExecutor,
  collectionId: number,
): Promise<Array<{ pathId: number; title: string; courseIds: number[] }>> {
  const rows = await db
    .select({ pathId: collections.id, title: collectionVersions.title, details: collectionVersions.details })
    .from(collectionVersions)
    .innerJoin(collections, eq(collections.id, collectionVersions.collectionId))
    .where(
      and(
        eq(collectionVersions.state, VersionState.Published),
        eq(collections.status, ItemStatus.Enabled),
        eq(collections.isPrivate, false),
        eq(collections.workType, WorkType.Path),
        sql`${collectionVersions.details} -> 'path_courses' @> ${JSON.stringify([collectionId])}::jsonb`,
      ),
    )
    .orderBy(collections.id);
  return rows.map((row) => ({
    pathId: row.pathId,
    title: row.title,
    courseIds: row.details.path_courses ?? [],
  }));
}

/**
 * What a reader's request needs to know about a collection before anything is cached, in one statement:
 * the collection row (every access rule reads it), the id and early-access flag of its live version (the
 * only parts of a published version that change), its author's name and its learner count.
 */
export interface ReadingRow {
  collection: CollectionRow;
  liveVersionId: number | null;
  liveIsEarlyAccess: boolean | null;
  authorName: string | null;
  learnerCount: number;
}

function readingQuery(db: DbExecutor, where: SQL) {
  return db
    .select({
      collection: collections,
      liveVersionId: collectionVersions.id,
      liveIsEarlyAccess: collectionVersions.isEarlyAccess,
      authorName: users.fullName,
      learnerCount,
    })
    .from(collections)
    .leftJoin(
      collectionVersions,
      and(
        eq(collectionVersions.collectionId, collections.id),
        eq(collectionVersions.state, VersionState.Published),
      ),
    )
    .leftJoin(users, eq(users.id, collections.authorId))
    .where(where)
    .limit(1);
}

/**
 * Every reader's request runs this, so it is built once per database handle and sent as a named
 * prepared statement: PostgreSQL parses and plans it once per connection, drizzle builds it once.
 */
const preparedReadingById = new WeakMap<DbExecutor, ReturnType<typeof prepareReadingById>>();

function prepareReadingById(db: DbExecutor) {
  return readingQuery(db, eq(collections.id, sql.placeholder('id'))).prepare('content_reading_by_id');
}

export async function findCollectionForReading(
  db: DbExecutor,
  by: { id: number } | { encodedId: string },
): Promise<ReadingRow | undefined> {
  if ('id' in by) {
    let prepared = preparedReadingById.get(db);
    if (!prepared) {
      prepared = prepareReadingById(db);
      preparedReadingById.set(db, prepared);
    }
    const [row] = await prepared.execute({ id: by.id });
    return row;
  }
  const [row] = await readingQuery(db, eq(collections.encodedId, by.encodedId));
  return row;
}

export async function findAuthorName(db: DbExecutor, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? 'Deleted User';
}

// Authoring writes. Every draft write replaces the row's eTag; the compare-and-set ones only touch the
// row while it still carries the eTag the writer read, so of two writers with the same eTag one wins.

/** The draft collection, locked until the transaction ends (TOC edits read, change and write it). */
export async function lockCollection(db: DbExecutor, id: number): Promise<CollectionRow | undefined> {
  return selectForUpdate(db, collections, eq(collections.id, id));
}

export async function updateCollectionIfEtag(
  db: DbExecutor,
  id: number,
  expectedEtag: string,
  patch: Partial<typeof collections.$inferInsert>,
  at: Date,
): Promise<CollectionRow | undefined> {
  const [row] = await db
    .update(collections)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(collections.id, id), eq(collections.etag, expectedEtag)))
    .returning();
  return row;
}

export async function findPageById(db: DbExecutor, pageId: number): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.id, pageId)).limit(1);
  return row;
}

export async function updatePageIfEtag(
  db: DbExecutor,
  collectionId: number,
  pageId: number,
  expectedEtag: string,
  patch: Partial<typeof pages.$inferInsert>,
  at: Date,
): Promise<PageRow | undefined> {
  const [row] = await db
    .update(pages)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(pages.collectionId, collectionId), eq(pages.id, pageId), eq(pages.etag, expectedEtag)))
    .returning();
  return row;
}

export async function updatePage(
  db: DbExecutor,
  pageId: number,
  patch: Partial<typeof pages.$inferInsert>,
  at: Date,
): Promise<PageRow | undefined> {
  const [row] = await db
    .update(pages)
    .set({ ...patch, updatedAt: at })
    .where(eq(pages.id, pageId))
    .returning();
  return row;
}

export async function setLiveVersionEarlyAccess(
  db: DbExecutor,
  collectionId: number,
  isEarlyAccess: boolean,
): Promise<void> {
  await db
    .update(collectionVersions)
    .set({ isEarlyAccess })
    .where(
      and(
        eq(collectionVersions.collectionId, collectionId),
        eq(collectionVersions.state, VersionState.Published),
      ),
    );
}

export async function findCollectionsInReviewState(
  db: DbExecutor,
  reviewState: number,
): Promise<Array<{ collection: CollectionRow; authorName: string }>> {
  return db
    .select({ collection: collections, authorName: users.fullName })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.authorId))
    .where(and(eq(collections.reviewState, reviewState), eq(collections.status, ItemStatus.Enabled)))
    .orderBy(collections.updatedAt, collections.id);
}

// Version history (the studio's /versions). Versions are read without their search document.

const versionSummaryColumns = {
  id: collectionVersions.id,
  collectionId: collectionVersions.collectionId,
  versionNo: collectionVersions.versionNo,
  state: collectionVersions.state,
  title: collectionVersions.title,
  toc: collectionVersions.toc,
  isEarlyAccess: collectionVersions.isEarlyAccess,
  lessonCount: collectionVersions.lessonCount,
  publishedAt: collectionVersions.publishedAt,
};
export type VersionSummaryRow = Pick<CollectionVersionRow, keyof typeof versionSummaryColumns>;

/** Every version of a collection, newest first. */
export async function findVersions(db: DbExecutor, collectionId: number): Promise<VersionSummaryRow[]> {
  return db
    .select(versionSummaryColumns)
    .from(collectionVersions)
    .where(eq(collectionVersions.collectionId, collectionId))
    .orderBy(desc(collectionVersions.versionNo));
}

export async function findVersionByNo(
  db: DbExecutor,
  collectionId: number,
  versionNo: number,
): Promise<VersionSummaryRow | undefined> {
  const [row] = await db
    .select(versionSummaryColumns)
    .from(collectionVersions)
    .where(
      and(eq(collectionVersions.collectionId, collectionId), eq(collectionVersions.versionNo, versionNo)),
    )
    .limit(1);
  return row;
}

/** Page ids and titles of several versions at once. */
export async function findPageTitlesOfVersions(
  db: DbExecutor,
  versionIds: number[],
): Promise<Array<{ versionId: number; pageId: number; title: string }>> {
  if (versionIds.length === 0) return [];
  return db
    .select({
      versionId: pageVersions.collectionVersionId,
      pageId: pageVersions.pageId,
      title: pageVersions.title,
    })
    .from(pageVersions)
    .where(inArray(pageVersions.collectionVersionId, versionIds));
}

/** One page's copy in each of the given versions that holds it. */
export async function findPageInVersions(
  db: DbExecutor,
  versionIds: number[],
  pageId: number,
): Promise<PageVersionRow[]> {
  if (versionIds.length === 0) return [];
  return db
    .select()
    .from(pageVersions)
    .where(and(inArray(pageVersions.collectionVersionId, versionIds), eq(pageVersions.pageId, pageId)));
}
