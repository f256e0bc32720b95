import type { CollaboratorAccess } from '@coderoom/contracts';
import { CourseReviewState, ItemStatus, VersionState } from '@coderoom/domain';
import { and, desc, eq, isNotNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type CollectionDetails,
  collectionCollaborators,
  collections,
  collectionVersions,
  type StoredTocCategory,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// The /teach dashboard's one read: the collections a user authors or is a collaborator on. It only reads
// the content and collaborator tables, joined in one query so the list pages in the database.

export interface MyCollectionsFilter {
  userId: number;
  workType?: string;
  /** Only collections readers cannot see yet: never approved (3001), in review (3002) or rejected (3003). */
  draftsOnly: boolean;
  limit: number;
  offset: number;
}

export interface MyCollectionRow {
  id: number;
  authorId: number;
  encodedId: string;
  workType: string;
  title: string;
  status: number;
  reviewState: number;
  submissionType: number | null;
  toc: StoredTocCategory[];
  details: CollectionDetails;
  updatedAt: Date;
  /** The caller's access as a collaborator; null for the author. */
  access: CollaboratorAccess | null;
  liveVersionNo: number | null;
  /** A standalone project's project id (the project editor's address); null for other work types. */
  projectId: number | null;
  /** A cloud lab collection's lab id (the lab editor's address); null for other work types. */
  labId: number | null;
}

export async function findMyCollections(
  db: DbExecutor,
  filter: MyCollectionsFilter,
): Promise<{ rows: MyCollectionRow[]; total: number }> {
  // A lesson save changes the page, not the collection: the later of the two is "last changed".
  const updatedAt = sql<Date>`greatest(${collections.updatedAt}, (
    select max(p.updated_at) from pages p where p.collection_id = ${collections.id}
  ))`.mapWith(collections.updatedAt);
  const conditions: SQL[] = [
    sql`${collections.status} <> ${ItemStatus.Deleted}`,
    or(eq(collections.authorId, filter.userId), isNotNull(collectionCollaborators.userId)) as SQL,
  ];
  if (filter.workType) conditions.push(eq(collections.workType, filter.workType));
  if (filter.draftsOnly) {
    conditions.push(
      notInArray(collections.reviewState, [
        CourseReviewState.Approved,
        CourseReviewState.ApprovedForEarlyAccess,
      ]),
    );
  }
  const rows = await db
    .select({
      id: collections.id,
      authorId: collections.authorId,
      encodedId: collections.encodedId,
      workType: collections.workType,
      title: collections.title,
      status: collections.status,
      reviewState: collections.reviewState,
      submissionType: collections.submissionType,
      toc: collections.toc,
      details: collections.details,
      updatedAt,
      access: collectionCollaborators.access,
      liveVersionNo: collectionVersions.versionNo,
      projectId: sql<
        number | null
      >`(select min(pr.id) from projects pr where pr.collection_id = ${collections.id})`.mapWith(
        (value: unknown) => (value === null ? null : Number(value)),
      ),
      labId: sql<
        number | null
      >`(select min(cl.id) from cloud_labs cl where cl.collection_id = ${collections.id})`.mapWith(
        (value: unknown) => (value === null ? null : Number(value)),
      ),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(collections)
    .leftJoin(
      collectionCollaborators,
      and(
        eq(collectionCollaborators.collectionId, collections.id),
        eq(collectionCollaborators.userId, filter.userId),
      ),
    )
    .leftJoin(
      collectionVersions,
      and(
        eq(collectionVersions.collectionId, collections.id),
        eq(collectionVersions.state, VersionState.Published),
      ),
    )
    .where(and(...conditions))
    .orderBy(desc(updatedAt), desc(collections.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total =
    rows[0]?.total ?? (filter.offset > 0 ? await countMyCollections(db, filter.userId, conditions) : 0);
  return {
    rows: rows.map(({ total: _total, access, ...row }) => ({
      ...row,
      // The author of a collection is its owner even if also listed as a collaborator.
      access: row.authorId === filter.userId ? null : access,
    })),
    total,
  };
}

/** A page past the end has no rows to carry the window count; the total still tells the pager. */
async function countMyCollections(db: DbExecutor, userId: number, conditions: SQL[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(collections)
    .leftJoin(
      collectionCollaborators,
      and(
        eq(collectionCollaborators.collectionId, collections.id),
        eq(collectionCollaborators.userId, userId),
      ),
    )
    .where(and(...conditions));
  return row?.total ?? 0;
}
