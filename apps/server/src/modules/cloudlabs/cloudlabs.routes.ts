import {
  CloudLabCodeParamsSchema,
  CloudLabParamsSchema,
  CloudLabTaskParamsSchema,
  EmptyBodySchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { CloudLabsService } from './cloudlabs.service.js';

// Cloud labs (docs/cloudlabs.md). Every route needs a login: a lab's variables and instance are a learner's.
// The lab's instance itself is allocated through POST /api/instances/{a}/{c}/allocate with
// work_type standalone_cloud_lab (the containers module), so the one-lab-per-user rule applies.

const LAB = '/api/cloudlab/:authorId/:collectionId/:labId';

export function registerCloudLabsRoutes(app: FastifyInstance, labs: CloudLabsService): void {
  app.get('/api/cloudlabs/:encodedId', async (request) => {
    const { userId } = requireUser(request);
    return labs.overviewByCode(userId, parseInput(CloudLabCodeParamsSchema, request.params).encodedId);
  });

  app.get(LAB, async (request) => {
    const { userId } = requireUser(request);
    return labs.overview(userId, parseInput(CloudLabParamsSchema, request.params));
  });

  app.post(`${LAB}/begin`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    return labs.begin(userId, parseInput(CloudLabParamsSchema, request.params));
  });

  app.get(`${LAB}/:taskId`, async (request) => {
    const { userId } = requireUser(request);
    return labs.task(userId, parseInput(CloudLabTaskParamsSchema, request.params));
  });

  app.post(`${LAB}/tasks/:taskId/check`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    return labs.check(userId, parseInput(CloudLabTaskParamsSchema, request.params));
  });
}
