import {
  CreateShotRequestSchema,
  EmptyBodySchema,
  PAGE_SAVE_BODY_LIMIT_BYTES,
  SaveShotRequestSchema,
  ShotIdParamsSchema,
  ShotListQuerySchema,
  ShotStatusQuerySchema,
  ShotUrlParamsSchema,
  UpdateAttributionsRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { requireEtag } from '../../platform/http/etag.js';
import { parseInput } from '../../platform/http/validation.js';
import { registerCompressedJsonBody } from '../authoring/authoring.body.js';
import type { Caller } from '../content/content.service.js';
import type { ShotsService } from './shots.service.js';

// Answers ("shots", spec 000 §7 "Shots"; docs/answers.md).

const SHOT = '/api/edpresso/shot/:id';
/** Reads answer ETag/304 (platform/http/conditionalGet.ts). */
const CONDITIONAL = { config: { conditionalGet: true } };

/** Visitors read published answers; half-finished two-factor logins count as logged out. */
function readerOf(request: FastifyRequest): Caller | null {
  const auth = request.auth;
  return auth?.state === 'active' ? { userId: auth.userId, adminRole: auth.adminRole } : null;
}

function idOf(request: FastifyRequest): number {
  return parseInput(ShotIdParamsSchema, request.params).id;
}

export function registerShotsRoutes(app: FastifyInstance, shots: ShotsService): void {
  app.post('/api/edpresso/shot/id', async (request, reply) => {
    const { userId } = requireUser(request);
    const body = parseInput(CreateShotRequestSchema, request.body ?? {});
    return reply.status(201).send(await shots.create(userId, body.title));
  });

  app.get('/api/edpresso/shots', CONDITIONAL, async (request) =>
    shots.list(parseInput(ShotListQuerySchema, request.query)),
  );

  app.get('/api/edpresso/my-shots', async (request) => shots.mine(requireUser(request).userId));

  app.get(SHOT, CONDITIONAL, async (request) => {
    const { status } = parseInput(ShotStatusQuerySchema, request.query);
    return shots.read(readerOf(request), idOf(request), status);
  });

  app.get('/api/edpresso/shot/url/:url', CONDITIONAL, async (request) => {
    const { url } = parseInput(ShotUrlParamsSchema, request.params);
    const { status } = parseInput(ShotStatusQuerySchema, request.query);
    return shots.readByUrl(readerOf(request), url, status);
  });

  app.get(`${SHOT}/props`, CONDITIONAL, async (request) => {
    const { status } = parseInput(ShotStatusQuerySchema, request.query);
    return shots.props(readerOf(request), idOf(request), status);
  });

  // Saves arrive compressed like the studio's page saves, so this scope reads its own bodies.
  app.register(async (scope) => {
    registerCompressedJsonBody(scope, PAGE_SAVE_BODY_LIMIT_BYTES);
    scope.put(SHOT, { decompress: false }, async (request) => {
      const { userId } = requireUser(request);
      const etag = requireEtag(request);
      return shots.save(userId, idOf(request), etag, parseInput(SaveShotRequestSchema, request.body));
    });
    scope.delete(SHOT, { decompress: false }, async (request) => {
      const { userId } = requireUser(request);
      const etag = requireEtag(request);
      if (request.body !== undefined) parseInput(EmptyBodySchema, request.body);
      return shots.remove(userId, idOf(request), etag);
    });
  });

  app.post('/api/edpresso/editor/shot/:id/update-attributions', async (request) => {
    const { userId } = requireUser(request);
    const { attributions } = parseInput(UpdateAttributionsRequestSchema, request.body);
    return shots.updateAttributions(userId, idOf(request), attributions);
  });

  const action = (name: string, run: (userId: number, id: number) => Promise<unknown>) =>
    app.post(`${SHOT}/${name}`, async (request) => {
      const { userId } = requireUser(request);
      parseInput(EmptyBodySchema, request.body ?? {});
      return run(userId, idOf(request));
    });
  action('publish', (userId, id) => shots.publish(userId, id));
  action('unpublish', (userId, id) => shots.unpublish(userId, id));
  action('like', (userId, id) => shots.like(userId, id, true));
  action('unlike', (userId, id) => shots.like(userId, id, false));
  action('bookmark', (userId, id) => shots.bookmark(userId, id, true));
  action('unbookmark', (userId, id) => shots.bookmark(userId, id, false));

  // Counting a share needs no account: visitors share answers too.
  app.post(`${SHOT}/shares`, async (request) => {
    parseInput(EmptyBodySchema, request.body ?? {});
    return shots.share(readerOf(request)?.userId ?? null, idOf(request));
  });
}
