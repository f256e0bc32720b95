import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { ContainersService } from './containers.service.js';

// Request shapes of spec §7 (move to packages/contracts with the web client).
const AllocateBodySchema = z.object({
  work_type: z.string().optional(),
  page_type: z.string().optional(),
  draft: z.boolean().optional(),
  container_info: z.string().nullable().optional(),
  page_id: z.union([z.string(), z.number()]).nullable().optional(),
  sub_document_id: z.union([z.string(), z.number()]).nullable().optional(),
  comp_type: z.string().optional(),
});

const RunTestsBodySchema = z.object({
  document_type: z.string().optional(),
  is_editor: z.boolean().optional(),
  container_info: z.string().nullable().optional(),
  is_debug_mode: z.boolean().optional(),
});

const query = (request: { query: unknown }) => (request.query ?? {}) as Record<string, string | undefined>;
const idText = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : String(value);

export function registerContainersRoutes(app: FastifyInstance, containers: ContainersService): void {
  app.get('/api/instances', async (request) => {
    const auth = requireUser(request);
    const { collection_id, author_id } = query(request);
    return containers.listInstances(auth.userId, {
      collectionId: collection_id || null,
      authorId: author_id || null,
    });
  });

  app.post<{ Params: { authorId: string; workId: string } }>(
    '/api/instances/:authorId/:workId/allocate',
    async (request) => {
      const auth = requireUser(request);
      const body = parseInput(AllocateBodySchema, request.body);
      return containers.allocate(auth.userId, {
        authorId: request.params.authorId,
        workId: request.params.workId,
        pageId: idText(body.page_id),
        containerInfo: body.container_info ?? null,
      });
    },
  );

  app.get<{ Params: { instanceId: string } }>('/api/instances/:instanceId/image/status', async (request) => {
    const auth = requireUser(request);
    return containers.imageStatus(auth.userId, request.params.instanceId);
  });

  app.get<{ Params: { instanceId: string } }>(
    '/api/instances/:instanceId/int-daemon/status',
    async (request) => {
      const auth = requireUser(request);
      return containers.daemonStatus(auth.userId, request.params.instanceId);
    },
  );

  app.delete<{ Params: { instanceId: string } }>('/api/instances/:instanceId', async (request) => {
    const auth = requireUser(request);
    return containers.stopInstance(auth.userId, request.params.instanceId);
  });

  app.post<{ Params: { authorId: string; workId: string; pageId: string; docId: string } }>(
    '/api/instances/:authorId/:workId/:pageId/:docId/run_tests',
    async (request) => {
      const auth = requireUser(request);
      const body = parseInput(RunTestsBodySchema, request.body);
      return containers.runTests(auth.userId, {
        ...request.params,
        documentType: body.document_type ?? null,
        containerInfo: body.container_info ?? null,
      });
    },
  );

  app.get<{ Params: { authorId: string; workId: string; pageId: string; docId: string } }>(
    '/api/instances/:authorId/:workId/:pageId/:docId/test-results',
    async (request) => {
      const auth = requireUser(request);
      const { document_type, attempt_count } = query(request);
      const attempts = attempt_count === undefined || attempt_count === '' ? null : Number(attempt_count);
      return containers.testResults(auth.userId, {
        ...request.params,
        documentType: document_type || null,
        attemptCount: attempts !== null && Number.isInteger(attempts) ? attempts : null,
      });
    },
  );
}
