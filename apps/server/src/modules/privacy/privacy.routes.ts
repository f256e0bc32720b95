import {
  CreateDataRequestSchema,
  DataRequestIdParamsSchema,
  ProcessDataRequestSchema,
} from '@coderoom/contracts';
import { DataRequestType } from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { clearSessionCookies } from '../../platform/auth/cookies.js';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { PrivacyService } from './privacy.service.js';

const BASE = '/api/access-right/data';

/** Download my data and delete my account (docs/account.md). */
export function registerPrivacyRoutes(app: FastifyInstance, privacy: PrivacyService): void {
  app.get(`${BASE}/requests`, async (request) => ({
    requests: await privacy.list(requireUser(request).userId),
  }));

  app.post(`${BASE}/request`, async (request, reply) => {
    const { userId } = requireUser(request);
    const result = await privacy.create(userId, parseInput(CreateDataRequestSchema, request.body));
    return reply.status(result.created ? 201 : 200).send({ request: result.request });
  });

  app.post(`${BASE}/request/process`, async (request, reply) => {
    const { userId } = requireUser(request);
    const processed = await privacy.process(userId, parseInput(ProcessDataRequestSchema, request.body));
    // The account is gone: so is this browser's session.
    if (processed.request_type === DataRequestType.Deletion) clearSessionCookies(request, reply);
    return { request: processed };
  });

  app.get(`${BASE}/request/:id/export`, async (request, reply) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(DataRequestIdParamsSchema, request.params);
    const file = await privacy.exportFile(userId, id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}
