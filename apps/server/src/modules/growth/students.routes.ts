import { EmptyBodySchema, StudentConfirmRequestSchema, StudentStartRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { StudentsService } from './students.service.js';

/** /github-students: a school address confirmed by a mailed code earns the free student plan. */
export function registerStudentRoutes(app: FastifyInstance, students: StudentsService): void {
  app.get('/api/github-students/status', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return students.status(requireUser(request).userId);
  });

  app.post('/api/github-students/verification', async (request) => {
    const { userId } = requireUser(request);
    return students.start(userId, parseInput(StudentStartRequestSchema, request.body));
  });

  app.post('/api/github-students/confirm', async (request) => {
    const { userId } = requireUser(request);
    return students.confirm(userId, parseInput(StudentConfirmRequestSchema, request.body));
  });
}
