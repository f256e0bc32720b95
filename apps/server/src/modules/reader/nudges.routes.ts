import { NudgeInteractionRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { NudgesService } from './nudges.service.js';

export function registerNudgesRoutes(app: FastifyInstance, nudges: NudgesService): void {
  app.get('/api/reader/nudges', async (request) => nudges.state(requireUser(request).userId));

  app.post('/api/reader/log-nudge-interaction', async (request) => {
    const { userId } = requireUser(request);
    return nudges.log(userId, parseInput(NudgeInteractionRequestSchema, request.body));
  });
}
