import {
  CollectionParamsSchema,
  DraftQuerySchema,
  EncodedIdParamsSchema,
  FeaturedItemsQuerySchema,
  PageParamsSchema,
  TagParamsSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendPrepared } from '../../platform/http/preparedJson.js';
import { parseInput } from '../../platform/http/validation.js';
import type { Caller } from '../content/content.service.js';
import type { ReaderService } from './reader.service.js';

/**
 * Logged-out visitors read public content; half-finished two-factor logins count as logged out. The
 * session already carries the admin role, so the content rules need not look the user up again.
 */
function readerId(request: FastifyRequest): Caller | null {
  const auth = request.auth;
  return auth?.state === 'active' ? { userId: auth.userId, adminRole: auth.adminRole } : null;
}

/** Published content and the catalogue answer ETag/304 (platform/http/conditionalGet.ts). */
const CONDITIONAL = { config: { conditionalGet: true } };

export function registerReaderRoutes(app: FastifyInstance, reader: ReaderService): void {
  app.get('/api/reader/featured_items', CONDITIONAL, async (request) =>
    reader.featured(readerId(request)?.userId ?? null, parseInput(FeaturedItemsQuerySchema, request.query)),
  );

  app.get('/api/reader/learner-tags/landing-page-details/:tag', CONDITIONAL, async (request) =>
    reader.landingPage(readerId(request)?.userId ?? null, parseInput(TagParamsSchema, request.params).tag),
  );

  app.get('/api/reader/collection/code/:encodedId', CONDITIONAL, async (request) =>
    reader.homeByCode(readerId(request), parseInput(EncodedIdParamsSchema, request.params).encodedId),
  );

  app.get('/api/reader/collection/:authorId/:collectionId', CONDITIONAL, async (request) => {
    const params = parseInput(CollectionParamsSchema, request.params);
    const { draft } = parseInput(DraftQuerySchema, request.query);
    return reader.homeById(readerId(request), params.authorId, params.collectionId, draft ?? false);
  });

  // The lesson arrives prepared (JSON bytes and their ETag, kept while nothing they depend on changes):
  // sent as they are, or 304 when the reader already holds them.
  app.get(
    '/api/reader/collection/:authorId/:collectionId/page/:pageId',
    CONDITIONAL,
    async (request, reply) => {
      const params = parseInput(PageParamsSchema, request.params);
      const { draft } = parseInput(DraftQuerySchema, request.query);
      const prepared = await reader.lesson(
        readerId(request),
        params.authorId,
        params.collectionId,
        params.pageId,
        draft ?? false,
      );
      return sendPrepared(request, reply, prepared);
    },
  );
}
