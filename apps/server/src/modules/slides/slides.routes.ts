import { SlidesDataQuerySchema, SlidesDataRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { SlidesService } from './slides.service.js';

export function registerSlidesRoutes(app: FastifyInstance, slides: SlidesService): void {
  app.get('/api/slides/data', async (request) => {
    const { userId } = requireUser(request);
    return slides.get(userId, parseInput(SlidesDataQuerySchema, request.query));
  });

  app.post('/api/slides/data', async (request) => {
    const { userId } = requireUser(request);
    return slides.save(userId, parseInput(SlidesDataRequestSchema, request.body));
  });
}
