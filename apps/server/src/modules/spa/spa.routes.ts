import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import { SPA_FRAME_HEADERS, SPA_FRAME_HTML, SPA_FRAME_PATH } from './spa.frame.js';
import { SpaBuildRequestSchema, WebpackBinBuildRequestSchema } from './spa.schema.js';
import { createSpaService, type SpaService } from './spa.service.js';

/**
 * SPA and WebpackBin widgets: the server bundles the learner's files into one page for a sandboxed frame.
 */
export function registerSpaRoutes(app: FastifyInstance, spa: SpaService = createSpaService()): void {
  app.post('/api/spa/build', async (request) => {
    requireUser(request);
    const { files } = parseInput(SpaBuildRequestSchema, request.body);
    return spa.build(files);
  });

  app.post('/api/spa/webpackbin/build', async (request) => {
    requireUser(request);
    const { files } = parseInput(WebpackBinBuildRequestSchema, request.body);
    return spa.buildWebpackBin(files);
  });

  // The sandboxed page previews run in; its own headers replace the app's (see spa.frame.ts).
  app.get(SPA_FRAME_PATH, async (_request, reply) => reply.headers(SPA_FRAME_HEADERS).send(SPA_FRAME_HTML));
}
