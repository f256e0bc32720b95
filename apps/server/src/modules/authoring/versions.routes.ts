import {
  AuthorCollectionParamsSchema,
  AuthorPageParamsSchema,
  DiffQuerySchema,
  RestorePageRequestSchema,
  VersionPageParamsSchema,
  VersionsQuerySchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { requireEtag, sendEtag } from '../../platform/http/etag.js';
import { parseInput } from '../../platform/http/validation.js';
import { COLLECTION } from './authoring.routes.js';
import type { VersionsService } from './versions.service.js';

/** The studio's version history (/versions): published versions, snapshots, diffs and restores. */
export function registerVersionsRoutes(app: FastifyInstance, versions: VersionsService): void {
  app.get(`${COLLECTION}/versions`, async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorCollectionParamsSchema, request.params);
    const { page_id } = parseInput(VersionsQuerySchema, request.query);
    return versions.listVersions(userId, params.authorId, params.collectionId, page_id);
  });

  app.get(`${COLLECTION}/versions/:versionNo/page/:pageId`, async (request) => {
    const { userId } = requireUser(request);
    return versions.versionPage(userId, parseInput(VersionPageParamsSchema, request.params));
  });

  app.get(`${COLLECTION}/page/:pageId/diff`, async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorPageParamsSchema, request.params);
    const { against } = parseInput(DiffQuerySchema, request.query);
    return versions.diffPage(userId, params, against);
  });

  app.post(`${COLLECTION}/page/:pageId/restore`, async (request, reply) => {
    const { userId } = requireUser(request);
    const params = parseInput(AuthorPageParamsSchema, request.params);
    const body = parseInput(RestorePageRequestSchema, request.body);
    const result = await versions.restorePage(userId, params, requireEtag(request), body);
    return sendEtag(reply, result.page.etag, result);
  });
}
