import {
  AuthorCollectionParamsSchema,
  AuthorPageParamsSchema,
  CreateCollectionQuerySchema,
  CreateCollectionRequestSchema,
  CreatePageRequestSchema,
  EmptyBodySchema,
  ETAG_HEADER,
  MyCollectionsQuerySchema,
  PAGE_SAVE_BODY_LIMIT_BYTES,
  PageIdParamsSchema,
  PathIdParamsSchema,
  ReviewParamsSchema,
  ReviewRequestSchema,
  SavePageRequestSchema,
  SetItemStatusRequestSchema,
  SnapshotQuerySchema,
  UpdateCollectionRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { formatEtag, requireEtag, sendEtag } from '../../platform/http/etag.js';
import { parseInput } from '../../platform/http/validation.js';
import { registerCompressedJsonBody } from './authoring.body.js';
import type { AuthoringService } from './authoring.service.js';

export const COLLECTION = '/api/author/:authorId/collection/:collectionId';

export function registerAuthoringRoutes(app: FastifyInstance, authoring: AuthoringService): void {
  app.post('/api/author/collection', async (request, reply) => {
    const { userId } = requireUser(request);
    const { work_type } = parseInput(CreateCollectionQuerySchema, request.query);
    const body = parseInput(CreateCollectionRequestSchema, request.body);
    return reply.status(201).send(await authoring.createCollection(userId, work_type, body));
  });

  app.get('/api/author/collections', async (request) => {
    const { userId } = requireUser(request);
    return authoring.listMyCollections(userId, parseInput(MyCollectionsQuerySchema, request.query));
  });

  app.get(COLLECTION, async (request, reply) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorCollectionParamsSchema, request.params);
    const result = await authoring.getCollection(userId, params.authorId, params.collectionId);
    return sendEtag(reply, result.etag, result);
  });

  app.put(COLLECTION, async (request, reply) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorCollectionParamsSchema, request.params);
    const body = parseInput(UpdateCollectionRequestSchema, request.body);
    const result = await authoring.updateCollection(
      userId,
      params.authorId,
      params.collectionId,
      requireEtag(request),
      body,
    );
    return sendEtag(reply, result.etag, result);
  });

  // The path editor's save (spec 000 §7): the path by its id, the same body and eTag as a collection update.
  app.post('/api/author/path/:id', async (request, reply) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(PathIdParamsSchema, request.params);
    const body = parseInput(UpdateCollectionRequestSchema, request.body);
    const result = await authoring.updatePath(userId, id, requireEtag(request), body);
    return sendEtag(reply, result.etag, result);
  });

  app.post('/api/author/page', async (request, reply) => {
    const { userId } = requireUser(request);
    const result = await authoring.createPage(userId, parseInput(CreatePageRequestSchema, request.body));
    return reply.status(201).header(ETAG_HEADER, formatEtag(result.page.etag)).send(result);
  });

  // Static before parametric: find-my-way matches /page/snapshot ahead of /page/:pageId.
  app.get(`${COLLECTION}/page/snapshot`, async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorCollectionParamsSchema, request.params);
    const query = parseInput(SnapshotQuerySchema, request.query);
    if (query.snapshot_id !== undefined) {
      return authoring.getSnapshot(
        userId,
        params.authorId,
        params.collectionId,
        query.key,
        query.snapshot_id,
      );
    }
    return authoring.listSnapshots(userId, params.authorId, params.collectionId, query.key);
  });

  app.get(`${COLLECTION}/page/:pageId`, async (request, reply) => {
    const { userId } = requireUser(request);
    const result = await authoring.getPage(userId, parseInput(AuthorPageParamsSchema, request.params));
    return sendEtag(reply, result.page.etag, result);
  });

  // Page saves may be compressed and may exceed the API's usual body limit once inflated.
  app.register(async (scope) => {
    registerCompressedJsonBody(scope, PAGE_SAVE_BODY_LIMIT_BYTES);

    scope.put('/api/author/page/:id', { decompress: false }, async (request, reply) => {
      const { userId } = requireUser(request);
      const { id } = parseInput(PageIdParamsSchema, request.params);
      const body = parseInput(SavePageRequestSchema, request.body);
      const result = await authoring.savePage(userId, { pageId: id }, requireEtag(request), body);
      return sendEtag(reply, result.page.etag, result);
    });

    scope.put(`${COLLECTION}/page/:pageId`, { decompress: false }, async (request, reply) => {
      const { userId } = requireUser(request);
      const params = parseInput(AuthorPageParamsSchema, request.params);
      const body = parseInput(SavePageRequestSchema, request.body);
      const result = await authoring.savePage(userId, params, requireEtag(request), body);
      return sendEtag(reply, result.page.etag, result);
    });
  });

  // Restoring (a snapshot or a published version) is registered with the version history.

  app.delete('/api/author/page/:id', async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    const { id } = parseInput(PageIdParamsSchema, request.params);
    return authoring.deletePage(userId, id, requireEtag(request));
  });

  app.post('/api/author/page/:id/publish', async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    return authoring.publish(userId, { pageId: parseInput(PageIdParamsSchema, request.params).id });
  });

  app.post(`${COLLECTION}/publish`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    return authoring.publish(userId, parseInput(AuthorCollectionParamsSchema, request.params));
  });

  app.put(`${COLLECTION}/submit-for-review`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    const params = parseInput(AuthorCollectionParamsSchema, request.params);
    return authoring.submitForReview(userId, params.authorId, params.collectionId);
  });

  app.put(`${COLLECTION}/status`, async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorCollectionParamsSchema, request.params);
    const input = parseInput(SetItemStatusRequestSchema, request.body);
    return authoring.setItemStatus(userId, params.authorId, params.collectionId, input);
  });

  app.get(`${COLLECTION}/review-checklist`, async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorCollectionParamsSchema, request.params);
    return authoring.reviewChecklist(userId, params.authorId, params.collectionId);
  });

  app.get('/api/admin/review-queue', async (request) => {
    const { userId } = requireUser(request);
    return authoring.reviewQueue(userId);
  });

  app.post('/api/admin/review/:collectionId', async (request) => {
    const { userId } = requireUser(request);
    const { collectionId } = parseInput(ReviewParamsSchema, request.params);
    return authoring.review(userId, collectionId, parseInput(ReviewRequestSchema, request.body));
  });
}
