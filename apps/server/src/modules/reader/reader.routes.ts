import {
  CollectionParamsSchema,
  DraftQuerySchema,
  EncodedIdParamsSchema,
  FeaturedItemsQuerySchema,
  PageParamsSchema,
  TagParamsSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/validation.js';
import type { ReaderService } from './reader.service.js';

/** Logged-out visitors read public content; half-finished two-factor logins count as logged out. */
function readerId(request: FastifyRequest): number | null {
  return request.auth?.state === 'active' ? request.auth.userId : null;
}

export function registerReaderRoutes(app: FastifyInstance, reader: ReaderService): void {
  app.get('/api/reader/featured_items', async (request) =>
    reader.featured(parseInput(FeaturedItemsQuerySchema, request.query)),
  );

  app.get('/api/reader/learner-tags/landing-page-details/:tag', async (request) =>
    reader.landingPage(parseInput(TagParamsSchema, request.params).tag),
  );

  app.get('/api/reader/collection/code/:encodedId', async (request) =>
    reader.homeByCode(readerId(request), parseInput(EncodedIdParamsSchema, request.params).encodedId),
  );

  app.get('/api/reader/collection/:authorId/:collectionId', async (request) => {
    const params = parseInput(CollectionParamsSchema, request.params);
    const { draft } = parseInput(DraftQuerySchema, request.query);
    return reader.homeById(readerId(request), params.authorId, params.collectionId, draft ?? false);
  });

  app.get('/api/reader/collection/:authorId/:collectionId/page/:pageId', async (request) => {
    const params = parseInput(PageParamsSchema, request.params);
    const { draft } = parseInput(DraftQuerySchema, request.query);
    return reader.lesson(
      readerId(request),
      params.authorId,
      params.collectionId,
      params.pageId,
      draft ?? false,
    );
  });
}
