import {
  ActiveOrganizationRequestSchema,
  AddUsersRequestSchema,
  AssignContentRequestSchema,
  AssignedCoursesQuerySchema,
  CreateTeamRequestSchema,
  EmptyBodySchema,
  OrganizationMemberParamsSchema,
  OrganizationOperationParamsSchema,
  OrganizationParamsSchema,
  OrganizationTeamParamsSchema,
  OverdueSearchRequestSchema,
  RemoveUsersRequestSchema,
  UpdateCompletionDateRequestSchema,
  UpdateMentorRequestSchema,
  UpdateTeamRequestSchema,
  UpdateUserRoleRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { OrganizationsService } from './organizations.service.js';

// Organization calls of spec 001 §7 (paths partly shown there; the rest are ours, docs/organizations.md).

const BASE = '/api/organization/:organizationId';

function organizationOf(request: FastifyRequest): number {
  return parseInput(OrganizationParamsSchema, request.params).organizationId;
}

export function registerOrganizationsRoutes(app: FastifyInstance, organizations: OrganizationsService): void {
  app.get(BASE, async (request) =>
    organizations.overview(requireUser(request).userId, organizationOf(request)),
  );

  app.get(`${BASE}/users`, async (request) =>
    organizations.members(requireUser(request).userId, organizationOf(request)),
  );

  app.put(`${BASE}/users/add`, async (request, reply) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    const operation = await organizations.addUsers(
      userId,
      organizationId,
      parseInput(AddUsersRequestSchema, request.body),
    );
    return reply.code(202).send(operation);
  });

  app.put(`${BASE}/users/remove`, async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    return organizations.removeUsers(
      userId,
      organizationId,
      parseInput(RemoveUsersRequestSchema, request.body),
    );
  });

  app.put(`${BASE}/update-user-role`, async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    return organizations.updateRole(
      userId,
      organizationId,
      parseInput(UpdateUserRoleRequestSchema, request.body),
    );
  });

  app.put(`${BASE}/update-mentor`, async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    return organizations.updateMentor(
      userId,
      organizationId,
      parseInput(UpdateMentorRequestSchema, request.body),
    );
  });

  app.put('/api/organization/:organizationId/users/:memberId/resend-email', async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(OrganizationMemberParamsSchema, request.params);
    parseInput(EmptyBodySchema, request.body ?? {});
    return organizations.resendInvitation(userId, params.organizationId, params.memberId);
  });

  app.get('/api/organization/:organizationId/operations/:operationId', async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(OrganizationOperationParamsSchema, request.params);
    return organizations.operation(userId, params.organizationId, params.operationId);
  });

  app.get(`${BASE}/teams`, async (request) =>
    organizations.teams(requireUser(request).userId, organizationOf(request)),
  );

  app.post(`${BASE}/teams`, async (request, reply) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    const operation = await organizations.createTeam(
      userId,
      organizationId,
      parseInput(CreateTeamRequestSchema, request.body),
    );
    return reply.code(202).send(operation);
  });

  app.put('/api/organization/:organizationId/teams/:teamId', async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(OrganizationTeamParamsSchema, request.params);
    const input = parseInput(UpdateTeamRequestSchema, request.body);
    return organizations.updateTeam(userId, params.organizationId, params.teamId, input);
  });

  app.delete('/api/organization/:organizationId/teams/:teamId', async (request) => {
    const { userId } = requireUser(request);
    const params = parseInput(OrganizationTeamParamsSchema, request.params);
    parseInput(EmptyBodySchema, request.body ?? {});
    return organizations.deleteTeam(userId, params.organizationId, params.teamId);
  });

  app.post(`${BASE}/assign-courses`, async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    return organizations.assign(userId, organizationId, parseInput(AssignContentRequestSchema, request.body));
  });

  app.get(`${BASE}/assigned-courses`, async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    const { member_id } = parseInput(AssignedCoursesQuerySchema, request.query);
    return organizations.assignedCourses(userId, organizationId, member_id);
  });

  app.put(`${BASE}/update-completion-date`, async (request) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    const input = parseInput(UpdateCompletionDateRequestSchema, request.body);
    return organizations.updateCompletionDate(userId, organizationId, input);
  });

  app.get(`${BASE}/progress`, async (request) =>
    organizations.progress(requireUser(request).userId, organizationOf(request)),
  );

  app.get(`${BASE}/progress/export`, async (request, reply) => {
    const { userId } = requireUser(request);
    const csv = await organizations.progressCsv(userId, organizationOf(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="progress.csv"')
      .send(csv);
  });

  app.post('/api/overdue-alert/search', async (request) => {
    const { userId } = requireUser(request);
    return organizations.overdueSearch(userId, parseInput(OverdueSearchRequestSchema, request.body));
  });

  app.get('/api/learn/assigned', async (request) => organizations.myAssignments(requireUser(request).userId));

  app.get(`${BASE}/assignable-assessments`, async (request) =>
    organizations.assignableAssessments(requireUser(request).userId, organizationOf(request)),
  );

  app.get('/api/learn/organization', async (request) =>
    organizations.organizationCatalog(requireUser(request).userId),
  );

  app.put('/api/user/active-organization', async (request) => {
    const { userId } = requireUser(request);
    const { organization_id } = parseInput(ActiveOrganizationRequestSchema, request.body);
    return organizations.chooseActive(userId, organization_id);
  });
}
