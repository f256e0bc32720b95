import {
  CommentPathSchema,
  CommentsCountRequestSchema,
  CommentTextInputSchema,
  CreateCommentInputSchema,
  DocumentPathSchema,
  EmptyBodySchema,
  ReplyPathSchema,
  ReplyTextInputSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { CommentsService } from './comments.service.js';

const DOCUMENT = '/api/document/:document_key';
const COMMENT = `${DOCUMENT}/comment/:comment_id`;
const REPLY = `${COMMENT}/reply/:reply_id`;

/**
 * The path parameters laid over the JSON body, checked as one input: a request missing the text and
 * carrying a malformed comment id hears about both at once (spec: a comment action needs the document
 * key, comment id, text and user id). A body that is not an object counts as empty.
 */
function actionInput(request: FastifyRequest): Record<string, unknown> {
  const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
  return { ...body, ...(request.params as Record<string, unknown>) };
}

export function registerCommentsRoutes(app: FastifyInstance, comments: CommentsService): void {
  app.get(`${DOCUMENT}/comments`, async (request) => {
    const { userId } = requireUser(request);
    return comments.list(userId, parseInput(DocumentPathSchema, request.params).document_key);
  });

  app.post(`${DOCUMENT}/comment`, async (request, reply) => {
    const { userId } = requireUser(request);
    const comment = await comments.create(userId, parseInput(CreateCommentInputSchema, actionInput(request)));
    return reply.status(201).send({ comment });
  });

  app.put(COMMENT, async (request) => {
    const { userId } = requireUser(request);
    return { comment: await comments.edit(userId, parseInput(CommentTextInputSchema, actionInput(request))) };
  });

  app.delete(COMMENT, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    await comments.remove(userId, parseInput(CommentPathSchema, request.params));
    return { ok: true } as const;
  });

  app.post(`${COMMENT}/resolve`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    return { comment: await comments.resolve(userId, parseInput(CommentPathSchema, request.params)) };
  });

  app.post(`${COMMENT}/unresolve`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    return { comment: await comments.unresolve(userId, parseInput(CommentPathSchema, request.params)) };
  });

  app.get(`${COMMENT}/replies`, async (request) => {
    const { userId } = requireUser(request);
    return comments.replies(userId, parseInput(CommentPathSchema, request.params));
  });

  app.post(`${COMMENT}/reply`, async (request, reply) => {
    const { userId } = requireUser(request);
    const created = await comments.reply(userId, parseInput(CommentTextInputSchema, actionInput(request)));
    return reply.status(201).send(created);
  });

  app.put(REPLY, async (request) => {
    const { userId } = requireUser(request);
    return comments.editReply(userId, parseInput(ReplyTextInputSchema, actionInput(request)));
  });

  app.delete(REPLY, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    const repliesCount = await comments.removeReply(userId, parseInput(ReplyPathSchema, request.params));
    return { ok: true as const, repliesCount };
  });

  app.post('/api/document/comments-count', async (request) => {
    const { userId } = requireUser(request);
    const { document_keys } = parseInput(CommentsCountRequestSchema, request.body);
    return { counts: await comments.countByDocument(userId, document_keys) };
  });

  app.post('/api/document/parent/comments-count', async (request) => {
    const { userId } = requireUser(request);
    const { document_keys } = parseInput(CommentsCountRequestSchema, request.body);
    return { counts: await comments.countByParent(userId, document_keys) };
  });
}
