import type { CommentUser, DocumentComment, DocumentCommentReply } from '@coderoom/contracts';
import type { DocumentCommentReplyRow, DocumentCommentRow } from '../../db/schema.js';

/** Who is looking: their own comments are theirs to edit; editors of the course may delete any. */
export interface CommentViewer {
  userId: number;
  canModerate: boolean;
}

export interface WriterName {
  fullName: string;
  profilePicUrl: string | null;
}

export const DELETED_USER_NAME = 'Deleted User';

/** "Ada King Lovelace" → Ada / King Lovelace; a missing account or blank name reads "Deleted User". */
export function splitDisplayName(fullName: string | undefined): { firstName: string; lastName: string } {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const [firstName, ...rest] = words.length > 0 ? words : DELETED_USER_NAME.split(' ');
  return { firstName: firstName ?? '', lastName: rest.join(' ') };
}

export function presentReply(row: DocumentCommentReplyRow, viewer: CommentViewer): DocumentCommentReply {
  const isWriter = row.userId === viewer.userId;
  return {
    id: row.id,
    mdText: row.mdText,
    userId: row.userId,
    isModified: row.isModified,
    lastModifiedTime: row.lastModifiedTime.toISOString(),
    created: row.createdAt.toISOString(),
    canEdit: isWriter,
    canDelete: isWriter || viewer.canModerate,
  };
}

export function presentComment(
  row: DocumentCommentRow,
  replies: DocumentCommentReplyRow[],
  viewer: CommentViewer,
): DocumentComment {
  const isWriter = row.userId === viewer.userId;
  return {
    id: row.id,
    mdText: row.mdText,
    userId: row.userId,
    isResolved: row.isResolved,
    isModified: row.isModified,
    repliesCount: row.repliesCount,
    created: row.createdAt.toISOString(),
    lastModifiedTime: row.lastModifiedTime.toISOString(),
    lastResolvedTime: row.lastResolvedTime?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
    replies: replies.map((reply) => presentReply(reply, viewer)),
    canEdit: isWriter,
    canDelete: isWriter || viewer.canModerate,
  };
}

/** One entry per id asked, in the order given; ids without an account become "Deleted User". */
export function presentUsers(userIds: number[], names: Map<number, WriterName>): CommentUser[] {
  return userIds.map((userId) => {
    const name = names.get(userId);
    return {
      userId,
      ...splitDisplayName(name?.fullName),
      profilePicUrl: name?.profilePicUrl ?? null,
    };
  });
}
