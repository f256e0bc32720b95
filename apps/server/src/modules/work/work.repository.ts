import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  users,
  type WorkActivityRow,
  type WorkDocumentVersionRow,
  type WorkItemRow,
  type WorkMilestoneRow,
  type WorkScheduledReportRow,
  type WorkTaskCommentRow,
  workActivity,
  workCollaborators,
  workDocumentStates,
  workDocumentVersions,
  workItems,
  workMilestones,
  workOnboarding,
  workReviewSignoffs,
  workScheduledReports,
  workStars,
  workTaskAssignees,
  workTaskComments,
  workWorkspaces,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// SQL of the work area: items in a tree, their grants, comments, reviews, reports and the activity feed.

/** Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export type NewWorkItem = typeof workItems.$inferInsert;
export type WorkItemChanges = Partial<Omit<NewWorkItem, 'id' | 'ownerId' | 'createdAt'>>;

/** Rank of a grant: an owner (of the item or an item above it) outranks every collaborator role. */
export const RANK = { view: 1, comment: 2, edit: 3, owner: 4 } as const;

export interface AncestorRow {
  id: number;
  parentId: number | null;
  ownerId: number;
  kind: string;
  title: string;
  /** 0 for the item itself, 1 for its parent … */
  depth: number;
  role: 'view' | 'comment' | 'edit' | null;
}

/** The item and every item above it, nearest first, each with the user's own collaborator role there. */
export async function findAncestors(db: DbExecutor, itemId: number, userId: number): Promise<AncestorRow[]> {
  const rows = rowsOf<{
    id: string | number;
    parent_id: string | number | null;
    owner_id: string | number;
    kind: string;
    title: string;
    depth: number;
    role: AncestorRow['role'];
  }>(
    await db.execute(sql`
      WITH RECURSIVE up (id, parent_id, owner_id, kind, title, depth) AS (
        SELECT id, parent_id, owner_id, kind, title, 0 FROM work_items WHERE id = ${itemId}
        UNION ALL
        SELECT w.id, w.parent_id, w.owner_id, w.kind, w.title, up.depth + 1
        FROM work_items w JOIN up ON w.id = up.parent_id
        WHERE up.depth < 100
      )
      SELECT up.*, c.role FROM up
      LEFT JOIN work_collaborators c ON c.item_id = up.id AND c.user_id = ${userId}
      ORDER BY up.depth`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    ownerId: Number(row.owner_id),
    kind: row.kind,
    title: row.title,
    depth: Number(row.depth),
    role: row.role,
  }));
}

/** Every item the user reaches (owns, or is a collaborator on, or sits below one), with the best rank. */
export async function findAccessibleRanks(db: DbExecutor, userId: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ id: string | number; rank: number }>(
    await db.execute(sql`
      WITH RECURSIVE grants (item_id, rank) AS (
        SELECT id, ${RANK.owner} FROM work_items WHERE owner_id = ${userId}
        UNION ALL
        SELECT item_id, CASE role WHEN 'edit' THEN ${RANK.edit} WHEN 'comment' THEN ${RANK.comment} ELSE ${RANK.view} END
        FROM work_collaborators WHERE user_id = ${userId}
      ), tree (id, rank, depth) AS (
        SELECT item_id, rank, 0 FROM grants
        UNION ALL
        SELECT w.id, tree.rank, tree.depth + 1 FROM work_items w JOIN tree ON w.parent_id = tree.id
        WHERE tree.depth < 100
      )
      SELECT id, max(rank) AS rank FROM tree GROUP BY id`),
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.rank)]));
}

/** Ids of the item and everything below it (the item first). */
export async function findSubtreeIds(db: DbExecutor, itemId: number): Promise<number[]> {
  const rows = rowsOf<{ id: string | number }>(
    await db.execute(sql`
      WITH RECURSIVE down (id, depth) AS (
        SELECT id, 0 FROM work_items WHERE id = ${itemId}
        UNION ALL
        SELECT w.id, down.depth + 1 FROM work_items w JOIN down ON w.parent_id = down.id WHERE down.depth < 100
      )
      SELECT id FROM down ORDER BY depth`),
  );
  return rows.map((row) => Number(row.id));
}

/** How many folders deep the deepest folder chain inside a subtree goes, counting its root if a folder. */
export async function findFolderHeight(
  db: DbExecutor,
  itemId: number,
  folderKinds: readonly string[],
): Promise<number> {
  const kinds = sql.join(
    folderKinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const [row] = rowsOf<{ height: number | null }>(
    await db.execute(sql`
      WITH RECURSIVE down (id, folders, depth) AS (
        SELECT id, CASE WHEN kind IN (${kinds}) THEN 1 ELSE 0 END, 0 FROM work_items WHERE id = ${itemId}
        UNION ALL
        SELECT w.id, down.folders + CASE WHEN w.kind IN (${kinds}) THEN 1 ELSE 0 END, down.depth + 1
        FROM work_items w JOIN down ON w.parent_id = down.id WHERE down.depth < 100
      )
      SELECT max(folders) AS height FROM down`),
  );
  return Number(row?.height ?? 0);
}

export async function insertItem(db: DbExecutor, values: NewWorkItem): Promise<WorkItemRow> {
  const [row] = await db.insert(workItems).values(values).returning();
  if (!row) throw new Error('insertItem: no row returned');
  return row;
}

export async function findItem(db: DbExecutor, itemId: number): Promise<WorkItemRow | undefined> {
  const [row] = await db.select().from(workItems).where(eq(workItems.id, itemId)).limit(1);
  return row;
}

export async function lockItem(tx: DbExecutor, itemId: number): Promise<WorkItemRow | undefined> {
  return selectForUpdate(tx, workItems, eq(workItems.id, itemId));
}

export async function findItems(db: DbExecutor, ids: number[]): Promise<WorkItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(workItems)
    .where(inArray(workItems.id, ids))
    .orderBy(desc(workItems.updatedAt), desc(workItems.id));
}

export async function findChildren(db: DbExecutor, parentId: number): Promise<WorkItemRow[]> {
  return db
    .select()
    .from(workItems)
    .where(and(eq(workItems.parentId, parentId), isNull(workItems.deletedAt)))
    .orderBy(asc(workItems.createdAt), asc(workItems.id));
}

export async function updateItem(
  db: DbExecutor,
  itemId: number,
  changes: WorkItemChanges,
): Promise<WorkItemRow> {
  const [row] = await db.update(workItems).set(changes).where(eq(workItems.id, itemId)).returning();
  if (!row) throw new Error('updateItem: no row');
  return row;
}

/** Trashes the subtree under `rootId` (what is already in the trash stays with its own deletion). */
export async function trashSubtree(db: DbExecutor, ids: number[], rootId: number, userId: number, at: Date) {
  if (ids.length === 0) return;
  await db
    .update(workItems)
    .set({ deletedAt: at, deletedBy: userId, deletedRootId: rootId, state: 8002, updatedAt: at })
    .where(and(inArray(workItems.id, ids), isNull(workItems.deletedAt)));
}

export async function restoreDeletion(
  db: DbExecutor,
  rootId: number,
  at: Date,
  activeState: number,
): Promise<void> {
  await db
    .update(workItems)
    .set({ deletedAt: null, deletedBy: null, deletedRootId: null, state: activeState, updatedAt: at })
    .where(eq(workItems.deletedRootId, rootId));
}

export async function deleteItemRow(db: DbExecutor, itemId: number): Promise<void> {
  await db.delete(workItems).where(eq(workItems.id, itemId));
}

export async function countOwnedActive(
  db: DbExecutor,
  ownerId: number,
  kinds: readonly string[],
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workItems)
    .where(
      and(eq(workItems.ownerId, ownerId), inArray(workItems.kind, [...kinds]), isNull(workItems.deletedAt)),
    );
  return Number(row?.n ?? 0);
}

// Collaborators.

export async function findCollaborators(db: DbExecutor, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: workCollaborators.itemId,
      userId: workCollaborators.userId,
      role: workCollaborators.role,
      fullName: users.fullName,
      email: users.email,
    })
    .from(workCollaborators)
    .innerJoin(users, eq(users.id, workCollaborators.userId))
    .where(inArray(workCollaborators.itemId, itemIds));
}

export async function upsertCollaborator(
  db: DbExecutor,
  values: { itemId: number; userId: number; role: 'view' | 'comment' | 'edit'; addedBy: number },
): Promise<void> {
  await db
    .insert(workCollaborators)
    .values(values)
    .onConflictDoUpdate({
      target: [workCollaborators.itemId, workCollaborators.userId],
      set: { role: values.role },
    });
}

/** Adds a role only where the user has none on this item (a review request never lowers a grant). */
export async function addCollaboratorIfMissing(
  db: DbExecutor,
  values: { itemId: number; userId: number; role: 'view' | 'comment' | 'edit'; addedBy: number },
): Promise<void> {
  await db.insert(workCollaborators).values(values).onConflictDoNothing();
}

export async function removeCollaborator(db: DbExecutor, itemId: number, userId: number): Promise<void> {
  await db
    .delete(workCollaborators)
    .where(and(eq(workCollaborators.itemId, itemId), eq(workCollaborators.userId, userId)));
}

// People.

export async function findPeople(db: DbExecutor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
}

// Assignees, stars, milestones.

export async function findAssignees(db: DbExecutor, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db.select().from(workTaskAssignees).where(inArray(workTaskAssignees.taskId, taskIds));
}

export async function replaceAssignees(db: DbExecutor, taskId: number, userIds: number[]): Promise<void> {
  await db.delete(workTaskAssignees).where(eq(workTaskAssignees.taskId, taskId));
  if (userIds.length > 0)
    await db.insert(workTaskAssignees).values(userIds.map((userId) => ({ taskId, userId })));
}

export async function findAssignedTaskIds(db: DbExecutor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ taskId: workTaskAssignees.taskId })
    .from(workTaskAssignees)
    .where(eq(workTaskAssignees.userId, userId));
  return rows.map((row) => row.taskId);
}

export async function findStarredIds(db: DbExecutor, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ itemId: workStars.itemId })
    .from(workStars)
    .where(eq(workStars.userId, userId));
  return new Set(rows.map((row) => row.itemId));
}

export async function setStar(db: DbExecutor, userId: number, itemId: number, starred: boolean, at: Date) {
  if (starred) await db.insert(workStars).values({ userId, itemId, createdAt: at }).onConflictDoNothing();
  else await db.delete(workStars).where(and(eq(workStars.userId, userId), eq(workStars.itemId, itemId)));
}

export async function countSubTasks(db: DbExecutor, parentIds: number[]): Promise<Map<number, number>> {
  if (parentIds.length === 0) return new Map();
  const rows = await db
    .select({ parentId: workItems.parentId, n: count() })
    .from(workItems)
    .where(
      and(inArray(workItems.parentId, parentIds), eq(workItems.kind, 'task'), isNull(workItems.deletedAt)),
    )
    .groupBy(workItems.parentId);
  return new Map(rows.map((row) => [Number(row.parentId), Number(row.n)]));
}

export async function countComments(db: DbExecutor, taskIds: number[]): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .select({ taskId: workTaskComments.taskId, n: count() })
    .from(workTaskComments)
    .where(and(inArray(workTaskComments.taskId, taskIds), isNull(workTaskComments.parentId)))
    .groupBy(workTaskComments.taskId);
  return new Map(rows.map((row) => [row.taskId, Number(row.n)]));
}

export async function findMilestones(db: DbExecutor, projectId: number): Promise<WorkMilestoneRow[]> {
  return db
    .select()
    .from(workMilestones)
    .where(eq(workMilestones.projectId, projectId))
    .orderBy(asc(workMilestones.id));
}

export async function findMilestone(
  db: DbExecutor,
  milestoneId: number,
): Promise<WorkMilestoneRow | undefined> {
  const [row] = await db.select().from(workMilestones).where(eq(workMilestones.id, milestoneId)).limit(1);
  return row;
}

export async function insertMilestone(db: DbExecutor, values: typeof workMilestones.$inferInsert) {
  const [row] = await db.insert(workMilestones).values(values).returning();
  if (!row) throw new Error('insertMilestone: no row');
  return row;
}

export async function deleteMilestone(db: DbExecutor, milestoneId: number): Promise<void> {
  await db.delete(workMilestones).where(eq(workMilestones.id, milestoneId));
}

export async function countTasksOnMilestone(db: DbExecutor, milestoneId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(workItems).where(eq(workItems.milestoneId, milestoneId));
  return Number(row?.n ?? 0);
}

/** Milestones of projects in a subtree (a project holding one cannot move, spec 002 §8.4 4002). */
export async function countMilestonesIn(db: DbExecutor, projectIds: number[]): Promise<number> {
  if (projectIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(workMilestones)
    .where(inArray(workMilestones.projectId, projectIds));
  return Number(row?.n ?? 0);
}

// Task comments.

export async function findComments(db: DbExecutor, taskId: number): Promise<WorkTaskCommentRow[]> {
  return db
    .select()
    .from(workTaskComments)
    .where(eq(workTaskComments.taskId, taskId))
    .orderBy(asc(workTaskComments.createdAt), asc(workTaskComments.id));
}

export async function findComment(db: DbExecutor, taskId: number, commentId: number) {
  const [row] = await db
    .select()
    .from(workTaskComments)
    .where(and(eq(workTaskComments.taskId, taskId), eq(workTaskComments.id, commentId)))
    .limit(1);
  return row;
}

export async function insertComment(db: DbExecutor, values: typeof workTaskComments.$inferInsert) {
  const [row] = await db.insert(workTaskComments).values(values).returning();
  if (!row) throw new Error('insertComment: no row');
  return row;
}

export async function updateComment(
  db: DbExecutor,
  commentId: number,
  changes: Partial<typeof workTaskComments.$inferInsert>,
) {
  await db.update(workTaskComments).set(changes).where(eq(workTaskComments.id, commentId));
}

export async function deleteComment(db: DbExecutor, commentId: number): Promise<void> {
  await db.delete(workTaskComments).where(eq(workTaskComments.id, commentId));
}

export async function addRepliesCount(db: DbExecutor, commentId: number, delta: number): Promise<void> {
  await db
    .update(workTaskComments)
    .set({ repliesCount: sql`greatest(0, ${workTaskComments.repliesCount} + ${delta})` })
    .where(eq(workTaskComments.id, commentId));
}

// Reviews.

export async function insertSignoffs(db: DbExecutor, reviewId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(workReviewSignoffs)
    .values(userIds.map((userId) => ({ reviewId, userId })))
    .onConflictDoNothing();
}

export async function findSignoffs(db: DbExecutor, reviewIds: number[]) {
  if (reviewIds.length === 0) return [];
  return db
    .select({
      reviewId: workReviewSignoffs.reviewId,
      userId: workReviewSignoffs.userId,
      decision: workReviewSignoffs.decision,
      note: workReviewSignoffs.note,
      decidedAt: workReviewSignoffs.decidedAt,
      fullName: users.fullName,
      email: users.email,
    })
    .from(workReviewSignoffs)
    .innerJoin(users, eq(users.id, workReviewSignoffs.userId))
    .where(inArray(workReviewSignoffs.reviewId, reviewIds));
}

export async function findReviewIdsFor(db: DbExecutor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ reviewId: workReviewSignoffs.reviewId })
    .from(workReviewSignoffs)
    .where(eq(workReviewSignoffs.userId, userId));
  return rows.map((row) => row.reviewId);
}

export async function setSignoff(
  db: DbExecutor,
  reviewId: number,
  userId: number,
  values: { decision: 'signed_off' | 'changes_requested'; note: string; decidedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(workReviewSignoffs)
    .set(values)
    .where(and(eq(workReviewSignoffs.reviewId, reviewId), eq(workReviewSignoffs.userId, userId)))
    .returning();
  return rows.length > 0;
}

// Scheduled reports.

export async function insertReport(db: DbExecutor, values: typeof workScheduledReports.$inferInsert) {
  await db.insert(workScheduledReports).values(values);
}

export async function findReports(db: DbExecutor, itemIds: number[]): Promise<WorkScheduledReportRow[]> {
  if (itemIds.length === 0) return [];
  return db.select().from(workScheduledReports).where(inArray(workScheduledReports.itemId, itemIds));
}

export async function lockReport(
  tx: DbExecutor,
  itemId: number,
): Promise<WorkScheduledReportRow | undefined> {
  return selectForUpdate(tx, workScheduledReports, eq(workScheduledReports.itemId, itemId));
}

export async function findDueReportIds(db: DbExecutor, now: Date): Promise<number[]> {
  const rows = await db
    .select({ itemId: workScheduledReports.itemId })
    .from(workScheduledReports)
    .innerJoin(workItems, eq(workItems.id, workScheduledReports.itemId))
    .where(and(lte(workScheduledReports.nextScheduledDate, now), isNull(workItems.deletedAt)));
  return rows.map((row) => row.itemId);
}

export async function updateReport(
  tx: DbExecutor,
  itemId: number,
  changes: Partial<Omit<typeof workScheduledReports.$inferInsert, 'itemId'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(workScheduledReports).set(changes).where(eq(workScheduledReports.itemId, itemId));
}

export async function setNextReportDate(db: DbExecutor, itemId: number, next: Date): Promise<void> {
  await db
    .update(workScheduledReports)
    .set({ nextScheduledDate: next })
    .where(eq(workScheduledReports.itemId, itemId));
}

// Activity.

export async function insertActivity(
  db: DbExecutor,
  values: typeof workActivity.$inferInsert,
): Promise<void> {
  await db.insert(workActivity).values(values);
}

/** Recent activity on items the user reaches, and the user's own (which outlives a permanent delete). */
export async function findActivity(
  db: DbExecutor,
  userId: number,
  itemIds: number[],
  limit: number,
): Promise<WorkActivityRow[]> {
  const onItems = itemIds.length > 0 ? inArray(workActivity.itemId, itemIds) : sql`false`;
  return db
    .select()
    .from(workActivity)
    .where(sql`(${onItems} OR ${workActivity.actorId} = ${userId})`)
    .orderBy(desc(workActivity.createdAt), desc(workActivity.id))
    .limit(limit);
}

export async function findItemActivity(db: DbExecutor, itemId: number) {
  return db.select().from(workActivity).where(eq(workActivity.itemId, itemId)).orderBy(desc(workActivity.id));
}

// Onboarding.

export async function findOnboarding(db: DbExecutor, userId: number) {
  const [row] = await db.select().from(workOnboarding).where(eq(workOnboarding.userId, userId)).limit(1);
  return row;
}

export async function upsertOnboarding(db: DbExecutor, values: typeof workOnboarding.$inferInsert) {
  const [row] = await db
    .insert(workOnboarding)
    .values(values)
    .onConflictDoUpdate({ target: workOnboarding.userId, set: values })
    .returning();
  if (!row) throw new Error('upsertOnboarding: no row');
  return row;
}

export async function findWorkspaceName(db: DbExecutor, ownerId: number): Promise<string | undefined> {
  const [row] = await db.select().from(workWorkspaces).where(eq(workWorkspaces.ownerId, ownerId)).limit(1);
  return row?.name;
}

export async function saveWorkspaceName(db: DbExecutor, ownerId: number, name: string): Promise<void> {
  await db
    .insert(workWorkspaces)
    .values({ ownerId, name })
    .onConflictDoUpdate({ target: workWorkspaces.ownerId, set: { name } });
}

// Live documents (collab server, name space `work:`).

export async function findDocumentState(db: DbExecutor, itemId: number): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select()
    .from(workDocumentStates)
    .where(eq(workDocumentStates.itemId, itemId))
    .limit(1);
  return row?.state;
}

export async function findDocumentStateRow(db: DbExecutor, itemId: number) {
  const [row] = await db
    .select()
    .from(workDocumentStates)
    .where(eq(workDocumentStates.itemId, itemId))
    .limit(1);
  return row;
}

export async function saveDocumentState(
  db: DbExecutor,
  values: { itemId: number; state: Uint8Array; updatedBy: number | null; updatedAt: Date },
): Promise<void> {
  const { itemId, ...changes } = values;
  await db
    .insert(workDocumentStates)
    .values(values)
    .onConflictDoUpdate({ target: workDocumentStates.itemId, set: changes });
}

/**
 * Stores a document's first state unless another process stored one first; answers the state that is
 * stored now (ours or theirs), so every process starts from the same Yjs items.
 */
export async function insertFirstDocumentState(
  db: DbExecutor,
  values: { itemId: number; state: Uint8Array; updatedBy: number | null; updatedAt: Date },
): Promise<{ state: Uint8Array; inserted: boolean }> {
  const inserted = await db
    .insert(workDocumentStates)
    .values(values)
    .onConflictDoNothing({ target: workDocumentStates.itemId })
    .returning({ itemId: workDocumentStates.itemId });
  if (inserted.length > 0) return { state: values.state, inserted: true };
  const stored = await findDocumentState(db, values.itemId);
  if (!stored) throw new Error(`work document state ${values.itemId} vanished`);
  return { state: stored, inserted: false };
}

// Version history of work documents.

/** Versions newest first, with the author's name; the text itself is read one version at a time. */
export async function findVersions(db: DbExecutor, itemId: number) {
  return db
    .select({
      id: workDocumentVersions.id,
      reason: workDocumentVersions.reason,
      restoredFrom: workDocumentVersions.restoredFrom,
      createdBy: workDocumentVersions.createdBy,
      createdAt: workDocumentVersions.createdAt,
      length: sql<number>`char_length(${workDocumentVersions.body})`.mapWith(Number),
    })
    .from(workDocumentVersions)
    .where(eq(workDocumentVersions.itemId, itemId))
    .orderBy(desc(workDocumentVersions.createdAt), desc(workDocumentVersions.id));
}

export async function findVersion(
  db: DbExecutor,
  itemId: number,
  versionId: number,
): Promise<WorkDocumentVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(workDocumentVersions)
    .where(and(eq(workDocumentVersions.itemId, itemId), eq(workDocumentVersions.id, versionId)))
    .limit(1);
  return row;
}

export async function findLatestVersion(
  db: DbExecutor,
  itemId: number,
): Promise<WorkDocumentVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(workDocumentVersions)
    .where(eq(workDocumentVersions.itemId, itemId))
    .orderBy(desc(workDocumentVersions.createdAt), desc(workDocumentVersions.id))
    .limit(1);
  return row;
}

export async function insertVersion(
  db: DbExecutor,
  values: {
    itemId: number;
    body: string;
    reason: 'edit' | 'restore';
    restoredFrom?: number | null;
    createdBy: number | null;
    createdAt: Date;
  },
): Promise<WorkDocumentVersionRow> {
  const [row] = await db.insert(workDocumentVersions).values(values).returning();
  return row as WorkDocumentVersionRow;
}

/** Live (not trashed) items of these kinds owned by an organization (its freemium limits, 001 §6). */
export async function countOrganizationActive(
  db: DbExecutor,
  organizationId: number,
  kinds: readonly string[],
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workItems)
    .where(
      and(
        eq(workItems.organizationId, organizationId),
        inArray(workItems.kind, [...kinds]),
        isNull(workItems.deletedAt),
      ),
    );
  return Number(row?.n ?? 0);
}
