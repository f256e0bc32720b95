import type {
  CommentPathSchema,
  CommentRepliesResponse,
  CommentsCount,
  CommentTextInputSchema,
  CreateCommentInputSchema,
  DocumentComment,
  DocumentCommentsResponse,
  DocumentRef,
  ReplyPathSchema,
  ReplyResponse,
  ReplyTextInputSchema,
} from '@coderoom/contracts';
import { parentDocumentKey } from '@coderoom/contracts';
import type { z } from 'zod';
import type { DocumentCommentReplyRow, DocumentCommentRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { ContentService } from '../content/content.service.js';
import { CommentErrors } from './comments.errors.js';
import {
  type CommentViewer,
  presentComment,
  presentReply,
  presentUsers,
  type WriterName,
} from './comments.presenter.js';
import * as repo from './comments.repository.js';

// Inputs after parsing: path parameters and body together, the document key already parsed.
type CreateCommentInput = z.output<typeof CreateCommentInputSchema>;
type CommentPathInput = z.output<typeof CommentPathSchema>;
type CommentTextInput = z.output<typeof CommentTextInputSchema>;
type ReplyPathInput = z.output<typeof ReplyPathSchema>;
type ReplyTextInput = z.output<typeof ReplyTextInputSchema>;

export interface CommentsDeps {
  db: Db;
  clock: Clock;
  /** Commenting is for the people who may read the draft: the content service decides who that is. */
  content: Pick<ContentService, 'viewById'>;
  /** Writers' display names. */
  accounts: Pick<AccountsService, 'namesAndProfilePics'>;
}

const NO_COMMENTS: CommentsCount = { total: 0, unresolved: 0 };

export function createCommentsService({ db, clock, content, accounts }: CommentsDeps) {
  /**
   * The permission check every action starts with: the caller must be able to read the collection's
   * draft (its author or a platform admin today, collaborators later). The content service answers 401
   * for a logged-out caller and 404 for everyone else, so a course's threads are invisible to learners.
   */
  async function authorize(userId: number, ref: DocumentRef): Promise<CommentViewer> {
    const view = await content.viewById(userId, ref.authorId, ref.collectionId, true);
    if (ref.pageId !== null && !view.lessons.some((lesson) => lesson.pageId === ref.pageId)) {
      throw CommentErrors.documentNotFound();
    }
    return { userId, canModerate: view.canEdit };
  }

  /**
   * The refs whose collection the caller may comment on; the others are skipped, not refused, so one
   * stale key in a batch does not hide every count.
   */
  async function commentableRefs(userId: number, refs: DocumentRef[]): Promise<DocumentRef[]> {
    const collectionOf = (ref: DocumentRef) => `${ref.authorId}:${ref.collectionId}`;
    const allowed = new Set<string>();
    for (const ref of new Map(refs.map((entry) => [collectionOf(entry), entry])).values()) {
      try {
        await content.viewById(userId, ref.authorId, ref.collectionId, true);
        allowed.add(collectionOf(ref));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return refs.filter((ref) => allowed.has(collectionOf(ref)));
  }

  async function namesOf(userIds: number[]): Promise<Map<number, WriterName>> {
    if (userIds.length === 0) return new Map();
    const rows = await accounts.namesAndProfilePics(userIds);
    return new Map(
      rows.map((row) => [row.user_id, { fullName: row.full_name, profilePicUrl: row.profile_pic_url }]),
    );
  }

  async function writersOf(comments: DocumentCommentRow[], replies: DocumentCommentReplyRow[]) {
    const ids = [
      ...new Set([
        ...comments.flatMap((comment) =>
          comment.resolvedBy === null ? [comment.userId] : [comment.userId, comment.resolvedBy],
        ),
        ...replies.map((reply) => reply.userId),
      ]),
    ];
    return presentUsers(ids, await namesOf(ids));
  }

  async function findCommentOrThrow(ref: DocumentRef, commentId: number): Promise<DocumentCommentRow> {
    const comment = await repo.findComment(db, ref.key, commentId);
    if (!comment) throw CommentErrors.commentNotFound();
    return comment;
  }

  async function presentWithReplies(row: DocumentCommentRow, viewer: CommentViewer) {
    return presentComment(row, await repo.listReplies(db, [row.id]), viewer);
  }

  async function setResolved(userId: number, input: CommentPathInput, resolved: boolean) {
    const viewer = await authorize(userId, input.document_key);
    const comment = await findCommentOrThrow(input.document_key, input.comment_id);
    // Resolving twice keeps the first resolver and time: two editors closing one thread is not an error.
    if (comment.isResolved === resolved) return presentWithReplies(comment, viewer);
    const row =
      (await repo.setCommentResolution(db, comment.id, resolved ? { by: userId, at: clock.now() } : null)) ??
      // Someone else changed it first: answer the thread as it now is.
      (await findCommentOrThrow(input.document_key, comment.id));
    return presentWithReplies(row, viewer);
  }

  async function countsFor(
    userId: number,
    refs: DocumentRef[],
    groupOf: (ref: DocumentRef) => string,
    load: (allowed: DocumentRef[]) => Promise<Map<string, CommentsCount>>,
  ): Promise<Record<string, CommentsCount>> {
    const counted = await load(await commentableRefs(userId, refs));
    return Object.fromEntries(refs.map((ref) => [groupOf(ref), counted.get(groupOf(ref)) ?? NO_COMMENTS]));
  }

  return {
    async list(userId: number, ref: DocumentRef): Promise<DocumentCommentsResponse> {
      const viewer = await authorize(userId, ref);
      const comments = await repo.listComments(db, ref.key);
      const replies = await repo.listReplies(
        db,
        comments.map((comment) => comment.id),
      );
      const repliesOf = new Map<number, DocumentCommentReplyRow[]>();
      for (const reply of replies) {
        const thread = repliesOf.get(reply.commentId);
        if (thread) thread.push(reply);
        else repliesOf.set(reply.commentId, [reply]);
      }
      return {
        comments: comments.map((comment) => presentComment(comment, repliesOf.get(comment.id) ?? [], viewer)),
        users: await writersOf(comments, replies),
      };
    },

    async create(userId: number, input: CreateCommentInput): Promise<DocumentComment> {
      const ref = input.document_key;
      const viewer = await authorize(userId, ref);
      const now = clock.now();
      const row = await repo.insertComment(db, {
        documentKey: ref.key,
        authorId: ref.authorId,
        collectionId: ref.collectionId,
        pageId: ref.pageId,
        userId,
        mdText: input.md_text,
        createdAt: now,
        lastModifiedTime: now,
      });
      return presentComment(row, [], viewer);
    },

    /** Only the writer may change a comment's text; the edit marks it modified. */
    async edit(userId: number, input: CommentTextInput): Promise<DocumentComment> {
      const viewer = await authorize(userId, input.document_key);
      const comment = await findCommentOrThrow(input.document_key, input.comment_id);
      if (comment.userId !== userId) throw CommentErrors.notCommentWriter();
      const row = await repo.updateCommentText(db, comment.id, input.md_text, clock.now());
      if (!row) throw CommentErrors.commentNotFound();
      return presentWithReplies(row, viewer);
    },

    resolve: (userId: number, input: CommentPathInput) => setResolved(userId, input, true),
    unresolve: (userId: number, input: CommentPathInput) => setResolved(userId, input, false),

    /** The writer, or anyone who edits the collection (they keep its threads tidy). */
    async remove(userId: number, input: CommentPathInput): Promise<void> {
      const viewer = await authorize(userId, input.document_key);
      const comment = await findCommentOrThrow(input.document_key, input.comment_id);
      if (comment.userId !== userId && !viewer.canModerate) throw CommentErrors.cannotDeleteComment();
      if (!(await repo.deleteComment(db, comment.id))) throw CommentErrors.commentNotFound();
    },

    async replies(userId: number, input: CommentPathInput): Promise<CommentRepliesResponse> {
      const viewer = await authorize(userId, input.document_key);
      const comment = await findCommentOrThrow(input.document_key, input.comment_id);
      const replies = await repo.listReplies(db, [comment.id]);
      return {
        replies: replies.map((reply) => presentReply(reply, viewer)),
        users: await writersOf([], replies),
      };
    },

    /** Adds the reply and moves replies_count in one transaction, under the comment's row lock. */
    async reply(userId: number, input: CommentTextInput): Promise<ReplyResponse> {
      const viewer = await authorize(userId, input.document_key);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const comment = await repo.lockComment(tx, input.document_key.key, input.comment_id);
        if (!comment) throw CommentErrors.commentNotFound();
        const reply = await repo.insertReply(tx, {
          commentId: comment.id,
          userId,
          mdText: input.md_text,
          createdAt: now,
          lastModifiedTime: now,
        });
        const repliesCount = await repo.addToRepliesCount(tx, comment.id, 1);
        return { reply: presentReply(reply, viewer), repliesCount };
      });
    },

    async editReply(userId: number, input: ReplyTextInput): Promise<ReplyResponse> {
      const viewer = await authorize(userId, input.document_key);
      const comment = await findCommentOrThrow(input.document_key, input.comment_id);
      const reply = await repo.findReply(db, comment.id, input.reply_id);
      if (!reply) throw CommentErrors.replyNotFound();
      if (reply.userId !== userId) throw CommentErrors.notReplyWriter();
      const row = await repo.updateReplyText(db, reply.id, input.md_text, clock.now());
      if (!row) throw CommentErrors.replyNotFound();
      return { reply: presentReply(row, viewer), repliesCount: comment.repliesCount };
    },

    /** Removes the reply and moves replies_count in one transaction; answers the new count. */
    async removeReply(userId: number, input: ReplyPathInput): Promise<number> {
      const viewer = await authorize(userId, input.document_key);
      return db.transaction(async (tx) => {
        const comment = await repo.lockComment(tx, input.document_key.key, input.comment_id);
        if (!comment) throw CommentErrors.commentNotFound();
        const reply = await repo.findReply(tx, comment.id, input.reply_id);
        if (!reply) throw CommentErrors.replyNotFound();
        if (reply.userId !== userId && !viewer.canModerate) throw CommentErrors.cannotDeleteReply();
        if (!(await repo.deleteReply(tx, comment.id, reply.id))) throw CommentErrors.replyNotFound();
        return repo.addToRepliesCount(tx, comment.id, -1);
      });
    },

    /** Threads per asked document key. */
    async countByDocument(userId: number, refs: DocumentRef[]): Promise<Record<string, CommentsCount>> {
      return countsFor(
        userId,
        refs,
        (ref) => ref.key,
        async (allowed) => {
          const rows = await repo.countByDocument(db, [...new Set(allowed.map((ref) => ref.key))]);
          return new Map(rows.map(({ group, total, unresolved }) => [String(group), { total, unresolved }]));
        },
      );
    },

    /** Threads per parent collection of each asked key: the collection's own and all its pages'. */
    async countByParent(userId: number, refs: DocumentRef[]): Promise<Record<string, CommentsCount>> {
      return countsFor(userId, refs, parentDocumentKey, async (allowed) => {
        const parents = new Map(allowed.map((ref) => [ref.collectionId, parentDocumentKey(ref)]));
        const rows = await repo.countByCollection(db, [...parents.keys()]);
        return new Map(
          rows.map(({ group, total, unresolved }) => [
            parents.get(Number(group)) ?? '',
            { total, unresolved },
          ]),
        );
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
