import { ErrorStatus } from '@coderoom/domain';
import { AppError } from '../../platform/http/errors.js';

// The comments module's failures. The spec names no texts for these; ours are plain and specific.
// Documents the caller may not comment on are refused by the content service (401/404) before any of
// these can arise, so nothing here reveals another course's threads.

export const CommentMessages = {
  DocumentNotFound: 'This document does not exist or you cannot comment on it.',
  CommentNotFound: 'This comment does not exist or was deleted.',
  ReplyNotFound: 'This reply does not exist or was deleted.',
  NotCommentWriter: 'Only the person who wrote this comment can change it.',
  NotReplyWriter: 'Only the person who wrote this reply can change it.',
  CannotDeleteComment: 'Only the person who wrote this comment or an editor of the course can delete it.',
  CannotDeleteReply: 'Only the person who wrote this reply or an editor of the course can delete it.',
} as const;

export const CommentErrors = {
  documentNotFound: () => new AppError(ErrorStatus.NotFound, CommentMessages.DocumentNotFound),
  commentNotFound: () => new AppError(ErrorStatus.NotFound, CommentMessages.CommentNotFound),
  replyNotFound: () => new AppError(ErrorStatus.NotFound, CommentMessages.ReplyNotFound),
  notCommentWriter: () => new AppError(ErrorStatus.AccessDenied, CommentMessages.NotCommentWriter),
  notReplyWriter: () => new AppError(ErrorStatus.AccessDenied, CommentMessages.NotReplyWriter),
  cannotDeleteComment: () => new AppError(ErrorStatus.AccessDenied, CommentMessages.CannotDeleteComment),
  cannotDeleteReply: () => new AppError(ErrorStatus.AccessDenied, CommentMessages.CannotDeleteReply),
} as const;
