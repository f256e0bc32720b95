import {
  BeginProjectRequestSchema,
  CompleteTaskRequestSchema,
  EmptyBodySchema,
  EncodedIdParamsSchema,
  ProjectComponentParamsSchema,
  ProjectParamsSchema,
  ProjectRunRequestSchema,
  SaveProjectProgressRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { ProjectsService } from './projects.service.js';

// Spec 000 §7: GET /api/project/{a}/{c}/{p}/{pc} and …/progress, POST …/progress (current_attempt,
// source_code), POST /api/project/begin/{a}/{b}/{c}, PUT /api/author/{a}/collection/{c}/project/{p} and
// …/project_component/{pc} (projectEditor.routes.ts); plus the overview, reset, check, evaluate and
// complete of docs/projects.md.

const PROJECT = '/api/project/:authorId/:collectionId/:projectId';
const TASK = `${PROJECT}/:componentId`;

/** Logged-out visitors may read an overview; half-finished two-factor logins count as logged out. */
function readerId(request: FastifyRequest): number | null {
  return request.auth?.state === 'active' ? request.auth.userId : null;
}

/** Judging stops when the learner goes away. */
function signalOf(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export function registerProjectsRoutes(app: FastifyInstance, projects: ProjectsService): void {
  app.get('/api/projects/:encodedId', async (request) =>
    projects.overviewByCode(readerId(request), parseInput(EncodedIdParamsSchema, request.params).encodedId),
  );

  app.get(PROJECT, async (request) =>
    projects.overview(readerId(request), parseInput(ProjectParamsSchema, request.params)),
  );

  app.post('/api/project/begin/:authorId/:collectionId/:projectId', async (request) => {
    const { userId } = requireUser(request);
    const address = parseInput(ProjectParamsSchema, request.params);
    return projects.begin(userId, address, parseInput(BeginProjectRequestSchema, request.body));
  });

  app.post(`${PROJECT}/reset`, async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    return projects.reset(userId, parseInput(ProjectParamsSchema, request.params));
  });

  app.get(TASK, async (request) => {
    const { userId } = requireUser(request);
    return projects.task(userId, parseInput(ProjectComponentParamsSchema, request.params));
  });

  app.get(`${TASK}/progress`, async (request) => {
    const { userId } = requireUser(request);
    return projects.progress(userId, parseInput(ProjectComponentParamsSchema, request.params));
  });

  app.post(`${TASK}/progress`, async (request) => {
    const { userId } = requireUser(request);
    const address = parseInput(ProjectComponentParamsSchema, request.params);
    return projects.saveProgress(userId, address, parseInput(SaveProjectProgressRequestSchema, request.body));
  });

  app.post(`${TASK}/check`, async (request, reply) => {
    const { userId } = requireUser(request);
    const address = parseInput(ProjectComponentParamsSchema, request.params);
    const body = parseInput(ProjectRunRequestSchema, request.body);
    return projects.check(userId, address, body, signalOf(reply));
  });

  app.post(`${TASK}/evaluate`, async (request, reply) => {
    const { userId } = requireUser(request);
    const address = parseInput(ProjectComponentParamsSchema, request.params);
    const body = parseInput(ProjectRunRequestSchema, request.body);
    return projects.evaluate(userId, address, body, signalOf(reply));
  });

  app.post(`${TASK}/complete`, async (request) => {
    const { userId } = requireUser(request);
    const address = parseInput(ProjectComponentParamsSchema, request.params);
    const body = parseInput(CompleteTaskRequestSchema, request.body);
    return projects.complete(userId, address, body.current_attempt);
  });
}
