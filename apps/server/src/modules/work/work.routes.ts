import {
  CreateMilestoneRequestSchema,
  CreateScheduledReportRequestSchema,
  CreateTaskCommentRequestSchema,
  CreateWorkItemRequestSchema,
  DocumentVersionParamsSchema,
  EmptyBodySchema,
  MilestoneParamsSchema,
  MoveWorkItemRequestSchema,
  RequestReviewRequestSchema,
  ReviewListQuerySchema,
  ShareWorkItemRequestSchema,
  SignOffReviewRequestSchema,
  UpdateScheduledReportRequestSchema,
  UpdateTaskCommentRequestSchema,
  UpdateWorkItemRequestSchema,
  WorkItemParamsSchema,
  WorkListQuerySchema,
  WorkOnboardingRequestSchema,
  WorkspaceRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { WorkService } from './work.service.js';

// The work area's API (docs/work.md). The spec names the prefix /api/workflows/ and the task comment,
// pin and onboarding paths; the rest of the shapes are ours.

const ITEM = '/api/workflows/items/:id';

export function registerWorkRoutes(app: FastifyInstance, work: WorkService): void {
  app.get('/api/workflows/home', async (request) => work.home(requireUser(request).userId));

  app.put('/api/workflows/workspace', async (request) => {
    const { userId } = requireUser(request);
    await work.renameWorkspace(userId, parseInput(WorkspaceRequestSchema, request.body).name);
    return { ok: true as const };
  });

  app.get('/api/workflows/items', async (request) => {
    const { userId } = requireUser(request);
    return { items: await work.list(userId, parseInput(WorkListQuerySchema, request.query)) };
  });

  app.post('/api/workflows/items', async (request, reply) => {
    const { userId } = requireUser(request);
    const created = await work.create(userId, parseInput(CreateWorkItemRequestSchema, request.body));
    return reply.status(201).send(created);
  });

  app.get(ITEM, async (request) => {
    const { userId } = requireUser(request);
    return work.detail(userId, parseInput(WorkItemParamsSchema, request.params).id);
  });

  app.put(ITEM, async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    return work.update(userId, id, parseInput(UpdateWorkItemRequestSchema, request.body));
  });

  app.put(`${ITEM}/move`, async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    return work.move(userId, id, parseInput(MoveWorkItemRequestSchema, request.body));
  });

  app.put(`${ITEM}/delete`, async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    parseInput(EmptyBodySchema, request.body ?? {});
    return { item: await work.trash(userId, id) };
  });

  app.put(`${ITEM}/restore`, async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    parseInput(EmptyBodySchema, request.body ?? {});
    return work.restore(userId, id);
  });

  app.delete(ITEM, async (request) => {
    const { userId } = requireUser(request);
    await work.permanentlyDelete(userId, parseInput(WorkItemParamsSchema, request.params).id);
    return { ok: true as const };
  });

  app.get('/api/workflows/trash', async (request) => ({
    items: await work.trashList(requireUser(request).userId),
  }));

  app.get(`${ITEM}/collaborators`, async (request) => {
    const { userId } = requireUser(request);
    return {
      collaborators: await work.collaborators(userId, parseInput(WorkItemParamsSchema, request.params).id),
    };
  });

  app.put(`${ITEM}/collaborators`, async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    return {
      collaborators: await work.share(userId, id, parseInput(ShareWorkItemRequestSchema, request.body)),
    };
  });

  app.get(`${ITEM}/activity`, async (request) => {
    const { userId } = requireUser(request);
    return { activity: await work.activity(userId, parseInput(WorkItemParamsSchema, request.params).id) };
  });

  app.post(`${ITEM}/milestones`, async (request, reply) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    return reply
      .status(201)
      .send(await work.addMilestone(userId, id, parseInput(CreateMilestoneRequestSchema, request.body)));
  });

  app.delete(`${ITEM}/milestones/:milestoneId`, async (request) => {
    const { userId } = requireUser(request);
    const { id, milestoneId } = parseInput(MilestoneParamsSchema, request.params);
    await work.removeMilestone(userId, id, milestoneId);
    return { ok: true as const };
  });

  // Version history of a document: list, one version's text, restore (a new version; nothing is lost).
  app.get(`${ITEM}/versions`, async (request) => {
    const { userId } = requireUser(request);
    return work.versions(userId, parseInput(WorkItemParamsSchema, request.params).id);
  });

  app.get(`${ITEM}/versions/:versionId`, async (request) => {
    const { userId } = requireUser(request);
    const { id, versionId } = parseInput(DocumentVersionParamsSchema, request.params);
    return work.version(userId, id, versionId);
  });

  app.put(`${ITEM}/versions/:versionId/restore`, async (request) => {
    const { userId } = requireUser(request);
    const { id, versionId } = parseInput(DocumentVersionParamsSchema, request.params);
    parseInput(EmptyBodySchema, request.body ?? {});
    return work.restoreVersion(userId, id, versionId);
  });

  // Task comments: the spec's paths and payload (002 §3.2, §7.2).
  app.get('/api/task/:id/comment', async (request) => {
    const { userId } = requireUser(request);
    return work.comments(userId, parseInput(WorkItemParamsSchema, request.params).id);
  });

  app.post('/api/task/:id/comment', async (request, reply) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    return reply
      .status(201)
      .send(await work.addComment(userId, id, parseInput(CreateTaskCommentRequestSchema, request.body)));
  });

  app.put('/api/task/:id/comment', async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    return work.changeComment(userId, id, parseInput(UpdateTaskCommentRequestSchema, request.body));
  });

  app.get('/api/workflows/reviews', async (request) => {
    const { userId } = requireUser(request);
    return { reviews: await work.reviews(userId, parseInput(ReviewListQuerySchema, request.query).tab) };
  });

  app.post('/api/workflows/reviews', async (request, reply) => {
    const { userId } = requireUser(request);
    return reply
      .status(201)
      .send(await work.requestReview(userId, parseInput(RequestReviewRequestSchema, request.body)));
  });

  app.put('/api/workflows/reviews/:id/signoff', async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    return work.signOff(userId, id, parseInput(SignOffReviewRequestSchema, request.body));
  });

  app.get('/api/workflows/scheduled-reports', async (request) => ({
    reports: await work.reports(requireUser(request).userId),
  }));

  app.post('/api/workflows/scheduled-reports', async (request, reply) => {
    const { userId } = requireUser(request);
    return reply
      .status(201)
      .send(await work.createReport(userId, parseInput(CreateScheduledReportRequestSchema, request.body)));
  });

  app.put('/api/workflows/scheduled-reports/:id', async (request) => {
    const { userId } = requireUser(request);
    const { id } = parseInput(WorkItemParamsSchema, request.params);
    return work.updateReport(userId, id, parseInput(UpdateScheduledReportRequestSchema, request.body));
  });

  app.get('/api/workflows/onboarding', async (request) => work.onboarding(requireUser(request).userId));

  app.post('/api/user/workflow/onboarding', async (request) => {
    const { userId } = requireUser(request);
    return work.saveOnboarding(userId, parseInput(WorkOnboardingRequestSchema, request.body));
  });
}
