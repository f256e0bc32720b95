import { z } from 'zod';

// Document comments (spec 000 §3 "Comment (document comments)", §4, §7; spec 002 §4.3, §7.3). A thread
// belongs to one document, addressed by a document key:
//   page:{authorId}:{collectionId}:{pageId}   a lesson page of a collection
//   collection:{authorId}:{collectionId}      the collection itself (its overview, table of contents)
// Request fields are snake_case like the rest of the API; the comment objects keep the camelCase shape
// the spec names, because that is the shape the shell reads.

export const COMMENT_TEXT_MAX_LENGTH = 10_000;
/** How many document keys one comments-count call may ask about. */
export const COMMENTS_COUNT_MAX_KEYS = 100;

/** A parsed document key. `key` is the canonical text, so one document never has two threads. */
export interface DocumentRef {
  key: string;
  kind: 'page' | 'collection';
  authorId: number;
  collectionId: number;
  /** Null for a collection key. */
  pageId: number | null;
}

// Positive ids without leading zeros: "page:01:2:3" would otherwise address the same page as "page:1:2:3".
const ID = '([1-9]\\d{0,14})';
const PAGE_KEY_PATTERN = new RegExp(`^page:${ID}:${ID}:${ID}$`);
const COLLECTION_KEY_PATTERN = new RegExp(`^collection:${ID}:${ID}$`);

export function pageDocumentKey(authorId: number, collectionId: number, pageId: number): string {
  return `page:${authorId}:${collectionId}:${pageId}`;
}

export function collectionDocumentKey(authorId: number, collectionId: number): string {
  return `collection:${authorId}:${collectionId}`;
}

export function parseDocumentKey(key: string): DocumentRef | null {
  const page = PAGE_KEY_PATTERN.exec(key);
  if (page) {
    return {
      key,
      kind: 'page',
      authorId: Number(page[1]),
      collectionId: Number(page[2]),
      pageId: Number(page[3]),
    };
  }
  const collection = COLLECTION_KEY_PATTERN.exec(key);
  if (collection) {
    return {
      key,
      kind: 'collection',
      authorId: Number(collection[1]),
      collectionId: Number(collection[2]),
      pageId: null,
    };
  }
  return null;
}

/** The parent of a page is its collection; a collection is its own parent. */
export function parentDocumentKey(ref: DocumentRef): string {
  return collectionDocumentKey(ref.authorId, ref.collectionId);
}

const INVALID_KEY = 'must be page:{authorId}:{collectionId}:{pageId} or collection:{authorId}:{collectionId}';

export const DocumentKeySchema = z.string().transform((value, context): DocumentRef => {
  const ref = parseDocumentKey(value);
  if (!ref) {
    context.addIssue({ code: 'custom', message: INVALID_KEY });
    return z.NEVER;
  }
  return ref;
});

const pathId = z.coerce.number().int().positive();

/** Markdown text of a comment or reply: required, not only whitespace, at most 10000 characters. */
export const CommentTextSchema = z
  .string()
  .refine((text) => text.trim().length > 0, "can't be blank")
  .refine(
    (text) => text.length <= COMMENT_TEXT_MAX_LENGTH,
    `must be at most ${COMMENT_TEXT_MAX_LENGTH} characters`,
  );

// Each action's input is its path parameters and body checked together, so a request missing several
// required fields names all of them in one errors map.

export const DocumentPathSchema = z.strictObject({ document_key: DocumentKeySchema });
export const CommentPathSchema = z.strictObject({ document_key: DocumentKeySchema, comment_id: pathId });
export const ReplyPathSchema = z.strictObject({
  document_key: DocumentKeySchema,
  comment_id: pathId,
  reply_id: pathId,
});

/** The body of every call that writes text: a new comment, an edit, a reply, an edited reply. */
export const CommentTextRequestSchema = z.strictObject({ md_text: CommentTextSchema });
export type CommentTextRequest = z.input<typeof CommentTextRequestSchema>;

export const CreateCommentInputSchema = DocumentPathSchema.extend({ md_text: CommentTextSchema });
export const CommentTextInputSchema = CommentPathSchema.extend({ md_text: CommentTextSchema });
export const ReplyTextInputSchema = ReplyPathSchema.extend({ md_text: CommentTextSchema });

/** document_keys is a JSON string holding an array of document keys (spec 002 §7.3). */
export const CommentsCountRequestSchema = z.strictObject({
  document_keys: z.string().transform((text, context): DocumentRef[] => {
    let keys: unknown;
    try {
      keys = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON array of document keys' });
      return z.NEVER;
    }
    if (!Array.isArray(keys) || keys.length === 0 || keys.length > COMMENTS_COUNT_MAX_KEYS) {
      context.addIssue({
        code: 'custom',
        message: `must be a JSON array of 1 to ${COMMENTS_COUNT_MAX_KEYS} document keys`,
      });
      return z.NEVER;
    }
    const refs: DocumentRef[] = [];
    for (const key of keys) {
      const ref = typeof key === 'string' ? parseDocumentKey(key) : null;
      if (!ref) {
        context.addIssue({ code: 'custom', message: `${JSON.stringify(key)} ${INVALID_KEY}` });
        return z.NEVER;
      }
      refs.push(ref);
    }
    return refs;
  }),
});
export type CommentsCountRequest = z.input<typeof CommentsCountRequestSchema>;

export const DocumentCommentReplySchema = z.object({
  id: z.number(),
  mdText: z.string(),
  userId: z.number(),
  isModified: z.boolean(),
  lastModifiedTime: z.string(),
  created: z.string(),
  /** The caller wrote it: only they may change its text. */
  canEdit: z.boolean(),
  /** The caller wrote it or edits the collection. */
  canDelete: z.boolean(),
});
export type DocumentCommentReply = z.infer<typeof DocumentCommentReplySchema>;

export const DocumentCommentSchema = z.object({
  id: z.number(),
  mdText: z.string(),
  userId: z.number(),
  isResolved: z.boolean(),
  isModified: z.boolean(),
  repliesCount: z.number(),
  created: z.string(),
  lastModifiedTime: z.string(),
  lastResolvedTime: z.string().nullable(),
  resolvedBy: z.number().nullable(),
  replies: z.array(DocumentCommentReplySchema),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type DocumentComment = z.infer<typeof DocumentCommentSchema>;

/**
 * A writer's display name, split into the first word and the remainder (spec 000 §3); an account that
 * no longer exists shows as "Deleted User".
 */
export const CommentUserSchema = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicUrl: z.string().nullable(),
});
export type CommentUser = z.infer<typeof CommentUserSchema>;

/** GET /api/document/{key}/comments: oldest first, each with its replies, plus every writer's name. */
export const DocumentCommentsResponseSchema = z.object({
  comments: z.array(DocumentCommentSchema),
  users: z.array(CommentUserSchema),
});
export type DocumentCommentsResponse = z.infer<typeof DocumentCommentsResponseSchema>;

/** GET /api/document/{key}/comment/{commentId}/replies */
export const CommentRepliesResponseSchema = z.object({
  replies: z.array(DocumentCommentReplySchema),
  users: z.array(CommentUserSchema),
});
export type CommentRepliesResponse = z.infer<typeof CommentRepliesResponseSchema>;

export const CommentResponseSchema = z.object({ comment: DocumentCommentSchema });
export type CommentResponse = z.infer<typeof CommentResponseSchema>;

/** A new or edited reply, with the thread's reply count after the change. */
export const ReplyResponseSchema = z.object({ reply: DocumentCommentReplySchema, repliesCount: z.number() });
export type ReplyResponse = z.infer<typeof ReplyResponseSchema>;

export const DeleteReplyResponseSchema = z.object({ ok: z.literal(true), repliesCount: z.number() });
export type DeleteReplyResponse = z.infer<typeof DeleteReplyResponseSchema>;

/** Threads (not replies) on a document: all of them, and those still open. */
export const CommentsCountSchema = z.object({ total: z.number(), unresolved: z.number() });
export type CommentsCount = z.infer<typeof CommentsCountSchema>;

/**
 * POST /api/document/comments-count: keyed by each asked document key. POST …/parent/comments-count:
 * keyed by each asked key's parent collection key, counting the collection's own threads and those of
 * all its pages. Keys of documents the caller may not comment on count 0.
 */
export const CommentsCountResponseSchema = z.object({
  counts: z.record(z.string(), CommentsCountSchema),
});
export type CommentsCountResponse = z.infer<typeof CommentsCountResponseSchema>;
