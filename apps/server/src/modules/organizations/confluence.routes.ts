import {
  ConfluenceConnectionRequestSchema,
  ConfluenceFetchRequestSchema,
  ConfluenceImportParamsSchema,
  ConfluenceImportRequestSchema,
  OrganizationParamsSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { ConfluenceService } from './confluence.service.js';

// Confluence import (001 §7 "Confluence import/fetch/poll"; paths and payloads ours, docs/organizations.md).

export function registerConfluenceRoutes(app: FastifyInstance, confluence: ConfluenceService): void {
  const organizationOf = (request: FastifyRequest) =>
    parseInput(OrganizationParamsSchema, request.params).organizationId;

  app.get('/api/organization/:organizationId/confluence', async (request) =>
    confluence.settings(requireUser(request).userId, organizationOf(request)),
  );

  app.put('/api/organization/:organizationId/confluence', async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    return confluence.saveConnection(
      userId,
      organizationId,
      parseInput(ConfluenceConnectionRequestSchema, request.body),
    );
  });

  app.delete('/api/organization/:organizationId/confluence', async (request) =>
    confluence.deleteConnection(requireUser(request).userId, organizationOf(request)),
  );

  app.post('/api/organization/:organizationId/confluence/fetch', async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    return confluence.fetch(
      userId,
      organizationId,
      parseInput(ConfluenceFetchRequestSchema, request.body ?? {}),
    );
  });

  app.post('/api/organization/:organizationId/confluence/import', async (request, reply) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    const input = parseInput(ConfluenceImportRequestSchema, request.body);
    return reply.code(202).send(await confluence.startImport(userId, organizationId, input));
  });

  app.get('/api/organization/:organizationId/confluence/import/:importId', async (request) => {
    const { userId } = requireUser(request);
    const { organizationId, importId } = parseInput(ConfluenceImportParamsSchema, request.params);
    return confluence.importStatus(userId, organizationId, importId);
  });
}
