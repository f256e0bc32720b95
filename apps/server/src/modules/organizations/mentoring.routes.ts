import { MentorFeedbackRequestSchema, OrganizationParamsSchema } from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { MentoringService } from './mentoring.service.js';

// Mentors and mentees (001 §7 names mentor-feedback; the paths are ours, docs/organizations.md).

export function registerMentoringRoutes(app: FastifyInstance, mentoring: MentoringService): void {
  const organizationOf = (request: FastifyRequest) =>
    parseInput(OrganizationParamsSchema, request.params).organizationId;

  app.get('/api/organization/:organizationId/mentees', async (request) =>
    mentoring.mentees(requireUser(request).userId, organizationOf(request)),
  );

  app.post('/api/organization/:organizationId/mentor-feedback', async (request, reply) => {
    const { userId } = requireUser(request);
    const organizationId = organizationOf(request);
    const feedback = await mentoring.giveFeedback(
      userId,
      organizationId,
      parseInput(MentorFeedbackRequestSchema, request.body),
    );
    return reply.code(201).send(feedback);
  });

  app.get('/api/learn/mentor-feedback', async (request) => mentoring.myFeedback(requireUser(request).userId));
}
