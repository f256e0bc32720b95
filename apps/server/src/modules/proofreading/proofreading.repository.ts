import { ItemStatus, WorkType } from '@coderoom/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  collections,
  type ProofreadPassRow,
  type ProofreadRow,
  type ProofreadSuggestionRow,
  proofreadEvents,
  proofreaders,
  proofreadPasses,
  proofreadSuggestions,
  proofreads,
  users,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL of proofreading. The article itself (collection and page) is the content model's; this module
// keeps the proofreading state, the passes with their suggestions, and the log of moves.

export async function isProofreader(db: DbExecutor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: proofreaders.userId })
    .from(proofreaders)
    .where(eq(proofreaders.userId, userId));
  return row !== undefined;
}

export async function addProofreader(db: DbExecutor, userId: number): Promise<void> {
  await db.insert(proofreaders).values({ userId }).onConflictDoNothing();
}

export async function removeProofreader(db: DbExecutor, userId: number): Promise<boolean> {
  const removed = await db
    .delete(proofreaders)
    .where(eq(proofreaders.userId, userId))
    .returning({ userId: proofreaders.userId });
  return removed.length > 0;
}

/** Every proofreader with their name and address, longest-serving first. */
export function listProofreaders(db: DbExecutor) {
  return db
    .select({
      userId: proofreaders.userId,
      fullName: users.fullName,
      email: users.email,
      addedAt: proofreaders.createdAt,
    })
    .from(proofreaders)
    .innerJoin(users, eq(users.id, proofreaders.userId))
    .orderBy(asc(proofreaders.createdAt), asc(proofreaders.userId));
}

export async function findProofreaderIds(db: DbExecutor): Promise<number[]> {
  const rows = await db.select({ userId: proofreaders.userId }).from(proofreaders);
  return rows.map((row) => row.userId);
}

/** Whether this user holds an article whose pass is open (state `inProofread`). */
export async function holdsOpenArticle(
  db: DbExecutor,
  userId: number,
  inProofread: number,
): Promise<boolean> {
  const [row] = await db
    .select({ collectionId: proofreads.collectionId })
    .from(proofreads)
    .where(and(eq(proofreads.proofreaderId, userId), eq(proofreads.state, inProofread)))
    .limit(1);
  return row !== undefined;
}

export async function findProofread(db: DbExecutor, collectionId: number): Promise<ProofreadRow | undefined> {
  const [row] = await db.select().from(proofreads).where(eq(proofreads.collectionId, collectionId));
  return row;
}

/** The article's proofreading row, created in state 101 when missing, locked for the transaction. */
export async function lockProofread(
  tx: DbExecutor,
  collectionId: number,
  pageId: number,
  at: Date,
): Promise<ProofreadRow> {
  await tx.insert(proofreads).values({ collectionId, pageId, updatedAt: at }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(proofreads)
    .where(eq(proofreads.collectionId, collectionId))
    .for('update');
  if (!row) throw new Error('lockProofread: no row');
  return row;
}

export async function updateProofread(
  tx: DbExecutor,
  collectionId: number,
  patch: Partial<typeof proofreads.$inferInsert>,
): Promise<ProofreadRow> {
  const [row] = await tx
    .update(proofreads)
    .set(patch)
    .where(eq(proofreads.collectionId, collectionId))
    .returning();
  if (!row) throw new Error('updateProofread: no row');
  return row;
}

export async function insertEvent(tx: DbExecutor, values: typeof proofreadEvents.$inferInsert) {
  await tx.insert(proofreadEvents).values(values);
}

export async function findEvents(db: DbExecutor, collectionId: number) {
  return db
    .select({
      action: proofreadEvents.action,
      fromState: proofreadEvents.fromState,
      toState: proofreadEvents.toState,
      actorName: users.fullName,
      createdAt: proofreadEvents.createdAt,
    })
    .from(proofreadEvents)
    .leftJoin(users, eq(users.id, proofreadEvents.actorId))
    .where(eq(proofreadEvents.collectionId, collectionId))
    .orderBy(asc(proofreadEvents.id));
}

export async function findPasses(db: DbExecutor, collectionId: number): Promise<ProofreadPassRow[]> {
  return db
    .select()
    .from(proofreadPasses)
    .where(eq(proofreadPasses.collectionId, collectionId))
    .orderBy(asc(proofreadPasses.passNo));
}

export async function findPass(
  db: DbExecutor,
  collectionId: number,
  passNo: number,
): Promise<ProofreadPassRow | undefined> {
  const [row] = await db
    .select()
    .from(proofreadPasses)
    .where(and(eq(proofreadPasses.collectionId, collectionId), eq(proofreadPasses.passNo, passNo)));
  return row;
}

/** The pass a proofreader is writing: opened and not finished. */
export async function findOpenPass(
  tx: DbExecutor,
  collectionId: number,
): Promise<ProofreadPassRow | undefined> {
  const [row] = await tx
    .select()
    .from(proofreadPasses)
    .where(and(eq(proofreadPasses.collectionId, collectionId), isNull(proofreadPasses.finishedAt)));
  return row;
}

export async function insertPass(
  tx: DbExecutor,
  values: Omit<typeof proofreadPasses.$inferInsert, 'passNo'>,
): Promise<ProofreadPassRow> {
  const [row] = await tx
    .insert(proofreadPasses)
    .values({
      ...values,
      passNo: sql`(SELECT coalesce(max(pass_no), 0) + 1 FROM proofread_passes WHERE collection_id = ${values.collectionId})`,
    })
    .returning();
  if (!row) throw new Error('insertPass: no row');
  return row;
}

export async function finishOpenPass(tx: DbExecutor, collectionId: number, at: Date): Promise<void> {
  await tx
    .update(proofreadPasses)
    .set({ finishedAt: at })
    .where(and(eq(proofreadPasses.collectionId, collectionId), isNull(proofreadPasses.finishedAt)));
}

/** Finished passes no admin has sent on yet go to the author (104 → 105). */
export async function releaseFinishedPasses(tx: DbExecutor, collectionId: number, at: Date): Promise<void> {
  await tx
    .update(proofreadPasses)
    .set({ releasedAt: at })
    .where(and(eq(proofreadPasses.collectionId, collectionId), isNull(proofreadPasses.releasedAt)));
}

export async function markPassesIncorporated(tx: DbExecutor, passIds: number[], at: Date): Promise<void> {
  if (passIds.length === 0) return;
  await tx.update(proofreadPasses).set({ incorporatedAt: at }).where(inArray(proofreadPasses.id, passIds));
}

export async function findSuggestions(db: DbExecutor, passIds: number[]) {
  if (passIds.length === 0) return [];
  return db
    .select({ suggestion: proofreadSuggestions, decidedByName: users.fullName })
    .from(proofreadSuggestions)
    .leftJoin(users, eq(users.id, proofreadSuggestions.decidedBy))
    .where(inArray(proofreadSuggestions.passId, passIds))
    .orderBy(asc(proofreadSuggestions.passId), asc(proofreadSuggestions.id));
}

export async function insertSuggestion(
  tx: DbExecutor,
  values: typeof proofreadSuggestions.$inferInsert,
): Promise<ProofreadSuggestionRow> {
  const [row] = await tx.insert(proofreadSuggestions).values(values).returning();
  if (!row) throw new Error('insertSuggestion: no row');
  return row;
}

export async function deleteSuggestion(
  tx: DbExecutor,
  passId: number,
  suggestionId: number,
): Promise<boolean> {
  const rows = await tx
    .delete(proofreadSuggestions)
    .where(and(eq(proofreadSuggestions.passId, passId), eq(proofreadSuggestions.id, suggestionId)))
    .returning({ id: proofreadSuggestions.id });
  return rows.length > 0;
}

export async function decideSuggestion(
  tx: DbExecutor,
  suggestionId: number,
  decision: 'accepted' | 'rejected',
  decidedBy: number,
  at: Date,
): Promise<void> {
  await tx
    .update(proofreadSuggestions)
    .set({ decision, decidedBy, decidedAt: at })
    .where(eq(proofreadSuggestions.id, suggestionId));
}

export interface QueueRow {
  authorId: number;
  collectionId: number;
  encodedId: string;
  pageId: number;
  title: string;
  state: number;
  proofreaderId: number | null;
  proofreaderName: string | null;
  updatedAt: Date;
}

/**
 * Articles a caller works on: the ones they write (answers, proofread or not), the ones waiting for a
 * proofreader or held by them, and for admins every article in proofreading. The service decides which
 * sets to ask for; deleted articles are left out.
 */
export async function findQueue(
  db: DbExecutor,
  filter: {
    authorId: number;
    proofreaderId: number | null;
    claimable: boolean;
    everyInProofreading: boolean;
  },
): Promise<QueueRow[]> {
  const proofreaderUsers = sql`proofreader_user`;
  const conditions = [eq(collections.authorId, filter.authorId)];
  if (filter.claimable) conditions.push(eq(proofreads.state, 102));
  if (filter.proofreaderId !== null) conditions.push(eq(proofreads.proofreaderId, filter.proofreaderId));
  if (filter.everyInProofreading) conditions.push(sql`${proofreads.state} <> 101`);
  return db
    .select({
      authorId: collections.authorId,
      collectionId: collections.id,
      encodedId: collections.encodedId,
      pageId:
        sql<number>`coalesce(${proofreads.pageId}, (SELECT s.page_id FROM shots s WHERE s.collection_id = ${collections.id}))`.mapWith(
          Number,
        ),
      title: collections.title,
      state: sql<number>`coalesce(${proofreads.state}, 101)`.mapWith(Number),
      proofreaderId: proofreads.proofreaderId,
      proofreaderName: sql<string | null>`${proofreaderUsers}.full_name`,
      updatedAt: sql<Date>`coalesce(${proofreads.updatedAt}, ${collections.updatedAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(collections)
    .leftJoin(proofreads, eq(proofreads.collectionId, collections.id))
    .leftJoin(sql`users AS proofreader_user`, sql`${proofreaderUsers}.id = ${proofreads.proofreaderId}`)
    .where(
      and(
        eq(collections.workType, WorkType.Answer),
        sql`${collections.status} <> ${ItemStatus.Deleted}`,
        sql`EXISTS (SELECT 1 FROM shots s WHERE s.collection_id = ${collections.id} AND NOT s.deleted)`,
        or(...conditions),
      ),
    )
    .orderBy(desc(sql`coalesce(${proofreads.updatedAt}, ${collections.updatedAt})`))
    .limit(100);
}
