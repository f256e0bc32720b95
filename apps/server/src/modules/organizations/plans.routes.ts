import {
  AssignPlanRequestSchema,
  CreatePlanRequestSchema,
  EmptyBodySchema,
  ForcePlanCompleteRequestSchema,
  MyPlanParamsSchema,
  OrganizationParamsSchema,
  OrganizationPlanParamsSchema,
  PlanReaderParamsSchema,
  PlanReaderQuerySchema,
  UpdatePlanRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { PlansService } from './plans.service.js';

// Plans of an organization (001 §7 names force-plan-complete and template; the paths are ours,
// docs/organizations.md).

const PLAN = '/api/organization/:organizationId/plans/:planId';

export function registerPlansRoutes(app: FastifyInstance, plans: PlansService): void {
  const organizationOf = (request: FastifyRequest) =>
    parseInput(OrganizationParamsSchema, request.params).organizationId;
  const planOf = (request: FastifyRequest) => parseInput(OrganizationPlanParamsSchema, request.params);

  app.get('/api/organization/:organizationId/plans', async (request) =>
    plans.list(requireUser(request).userId, organizationOf(request)),
  );

  app.post('/api/organization/:organizationId/plans', async (request, reply) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    const plan = await plans.create(
      userId,
      organizationId,
      parseInput(CreatePlanRequestSchema, request.body),
    );
    return reply.code(201).send(plan);
  });

  app.get(PLAN, async (request) => {
    const { userId } = requireUser(request);
    const { organizationId, planId } = planOf(request);
    return plans.get(userId, organizationId, planId);
  });

  app.put(PLAN, async (request) => {
    const { userId } = requireUser(request);
    const { organizationId, planId } = planOf(request);
    return plans.update(userId, organizationId, planId, parseInput(UpdatePlanRequestSchema, request.body));
  });

  app.delete(PLAN, async (request) => {
    const { userId } = requireUser(request);
    const { organizationId, planId } = planOf(request);
    parseInput(EmptyBodySchema, request.body ?? {});
    return plans.remove(userId, organizationId, planId);
  });

  app.post(`${PLAN}/assign`, async (request) => {
    const { userId } = requireUser(request);
    const { organizationId, planId } = planOf(request);
    return plans.assign(userId, organizationId, planId, parseInput(AssignPlanRequestSchema, request.body));
  });

  app.get(`${PLAN}/assignments`, async (request) => {
    const { userId } = requireUser(request);
    const { organizationId, planId } = planOf(request);
    return plans.assignments(userId, organizationId, planId);
  });

  app.put('/api/organization/:organizationId/force-plan-complete', async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    const { assignment_id } = parseInput(ForcePlanCompleteRequestSchema, request.body);
    return plans.forceComplete(userId, organizationId, assignment_id);
  });

  app.get('/api/learn/plans', async (request) => plans.myPlans(requireUser(request).userId));

  // The plan reader (/plan/{a}/{b}, /plan/page/{a}/{b}/{c}[/mentee/{id}] in the web app).
  app.get('/api/plan/:authorId/:planId', async (request) => {
    const { userId } = requireUser(request);
    const { authorId, planId } = parseInput(PlanReaderParamsSchema, request.params);
    const { mentee_member_id } = parseInput(PlanReaderQuerySchema, request.query);
    return plans.reader(userId, authorId, planId, mentee_member_id);
  });

  app.get('/api/learn/plans/:assignmentId', async (request) => {
    const { userId } = requireUser(request);
    return plans.myPlan(userId, parseInput(MyPlanParamsSchema, request.params).assignmentId);
  });
}
