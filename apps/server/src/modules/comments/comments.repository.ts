import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  type DocumentCommentReplyRow,
  type DocumentCommentRow,
  documentCommentReplies,
  documentComments,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// SQL for document comments and replies. Every comment query names the document key too, so a comment
// id taken from another document's thread finds nothing.

export type NewComment = typeof documentComments.$inferInsert;
export type NewReply = typeof documentCommentReplies.$inferInsert;

export interface CommentCountRow {
  /** A document key, or a collection id for per-collection counts. */
  group: string | number;
  total: number;
  unresolved: number;
}

export async function insertComment(db: DbExecutor, values: NewComment): Promise<DocumentCommentRow> {
  const [row] = await db.insert(documentComments).values(values).returning();
  if (!row) throw new Error('insertComment returned no row');
  return row;
}

export async function findComment(
  db: DbExecutor,
  documentKey: string,
  commentId: number,
): Promise<DocumentCommentRow | undefined> {
  const [row] = await db
    .select()
    .from(documentComments)
    .where(and(eq(documentComments.id, commentId), eq(documentComments.documentKey, documentKey)))
    .limit(1);
  return row;
}

/**
 * The comment, locked until the transaction ends. Every write that adds or removes a reply takes this
 * lock first, so concurrent replies to one thread queue up and replies_count never drifts.
 */
export async function lockComment(
  tx: DbExecutor,
  documentKey: string,
  commentId: number,
): Promise<DocumentCommentRow | undefined> {
  return selectForUpdate(
    tx,
    documentComments,
    and(eq(documentComments.id, commentId), eq(documentComments.documentKey, documentKey)),
  );
}

export async function listComments(db: DbExecutor, documentKey: string): Promise<DocumentCommentRow[]> {
  return db
    .select()
    .from(documentComments)
    .where(eq(documentComments.documentKey, documentKey))
    .orderBy(asc(documentComments.createdAt), asc(documentComments.id));
}

export async function updateCommentText(
  db: DbExecutor,
  commentId: number,
  mdText: string,
  at: Date,
): Promise<DocumentCommentRow | undefined> {
  const [row] = await db
    .update(documentComments)
    .set({ mdText, isModified: true, lastModifiedTime: at })
    .where(eq(documentComments.id, commentId))
    .returning();
  return row;
}

/**
 * Resolves (with the resolver and time) or, given null, unresolves and clears both. Only a comment in
 * the other state changes, so of two editors resolving at once the first stays the resolver; undefined
 * when nothing changed.
 */
export async function setCommentResolution(
  db: DbExecutor,
  commentId: number,
  resolution: { by: number; at: Date } | null,
): Promise<DocumentCommentRow | undefined> {
  const [row] = await db
    .update(documentComments)
    .set(
      resolution
        ? { isResolved: true, resolvedBy: resolution.by, lastResolvedTime: resolution.at }
        : { isResolved: false, resolvedBy: null, lastResolvedTime: null },
    )
    .where(and(eq(documentComments.id, commentId), eq(documentComments.isResolved, resolution === null)))
    .returning();
  return row;
}

/** Deletes the comment; its replies go with it (ON DELETE CASCADE). */
export async function deleteComment(db: DbExecutor, commentId: number): Promise<boolean> {
  const rows = await db
    .delete(documentComments)
    .where(eq(documentComments.id, commentId))
    .returning({ id: documentComments.id });
  return rows.length > 0;
}

/** Moves replies_count by `delta` and answers the new count. */
export async function addToRepliesCount(tx: DbExecutor, commentId: number, delta: number): Promise<number> {
  const [row] = await tx
    .update(documentComments)
    .set({ repliesCount: sql`${documentComments.repliesCount} + ${delta}` })
    .where(eq(documentComments.id, commentId))
    .returning({ repliesCount: documentComments.repliesCount });
  if (!row) throw new Error(`addToRepliesCount: comment ${commentId} is gone`);
  return row.repliesCount;
}

export async function insertReply(tx: DbExecutor, values: NewReply): Promise<DocumentCommentReplyRow> {
  const [row] = await tx.insert(documentCommentReplies).values(values).returning();
  if (!row) throw new Error('insertReply returned no row');
  return row;
}

export async function findReply(
  db: DbExecutor,
  commentId: number,
  replyId: number,
): Promise<DocumentCommentReplyRow | undefined> {
  const [row] = await db
    .select()
    .from(documentCommentReplies)
    .where(and(eq(documentCommentReplies.id, replyId), eq(documentCommentReplies.commentId, commentId)))
    .limit(1);
  return row;
}

/** Replies of the given comments, oldest first. */
export async function listReplies(db: DbExecutor, commentIds: number[]): Promise<DocumentCommentReplyRow[]> {
  if (commentIds.length === 0) return [];
  return db
    .select()
    .from(documentCommentReplies)
    .where(inArray(documentCommentReplies.commentId, commentIds))
    .orderBy(asc(documentCommentReplies.createdAt), asc(documentCommentReplies.id));
}

export async function updateReplyText(
  db: DbExecutor,
  replyId: number,
  mdText: string,
  at: Date,
): Promise<DocumentCommentReplyRow | undefined> {
  const [row] = await db
    .update(documentCommentReplies)
    .set({ mdText, isModified: true, lastModifiedTime: at })
    .where(eq(documentCommentReplies.id, replyId))
    .returning();
  return row;
}

export async function deleteReply(tx: DbExecutor, commentId: number, replyId: number): Promise<boolean> {
  const rows = await tx
    .delete(documentCommentReplies)
    .where(and(eq(documentCommentReplies.id, replyId), eq(documentCommentReplies.commentId, commentId)))
    .returning({ id: documentCommentReplies.id });
  return rows.length > 0;
}

const unresolved = sql<number>`count(*) FILTER (WHERE NOT ${documentComments.isResolved})`.mapWith(Number);

/** Thread counts per document key; documents without comments are absent. */
export async function countByDocument(db: DbExecutor, documentKeys: string[]): Promise<CommentCountRow[]> {
  if (documentKeys.length === 0) return [];
  return db
    .select({ group: documentComments.documentKey, total: count(), unresolved })
    .from(documentComments)
    .where(inArray(documentComments.documentKey, documentKeys))
    .groupBy(documentComments.documentKey);
}

/** Thread counts per collection: its own threads and those of all its pages. */
export async function countByCollection(db: DbExecutor, collectionIds: number[]): Promise<CommentCountRow[]> {
  if (collectionIds.length === 0) return [];
  return db
    .select({ group: documentComments.collectionId, total: count(), unresolved })
    .from(documentComments)
    .where(inArray(documentComments.collectionId, collectionIds))
    .groupBy(documentComments.collectionId);
}
