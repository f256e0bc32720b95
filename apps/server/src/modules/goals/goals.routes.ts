import { StreakQuerySchema, WeeklyGoalRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { GoalsService } from './goals.service.js';

export function registerGoalsRoutes(app: FastifyInstance, goals: GoalsService): void {
  app.get('/api/userdata/weekly-goal', async (request) => goals.getGoal(requireUser(request).userId));

  app.put('/api/userdata/weekly-goal', async (request) => {
    const { userId } = requireUser(request);
    return goals.setGoal(userId, parseInput(WeeklyGoalRequestSchema, request.body));
  });

  app.get('/api/userdata/streak', async (request) => {
    const { userId } = requireUser(request);
    return goals.streak(userId, parseInput(StreakQuerySchema, request.query));
  });
}
