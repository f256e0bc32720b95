import { EmptyBodySchema, OnboardingAnswersRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { OnboardingService } from './onboarding.service.js';

/** /onboarding/{stage} of a new learner: their answers, and a first course from the catalogue. */
export function registerOnboardingRoutes(app: FastifyInstance, onboarding: OnboardingService): void {
  app.get('/api/user/onboarding', async (request) => onboarding.state(requireUser(request).userId));

  app.put('/api/user/onboarding', async (request) => {
    const { userId } = requireUser(request);
    return onboarding.saveAnswers(userId, parseInput(OnboardingAnswersRequestSchema, request.body));
  });

  app.post('/api/user/onboarding/finish', async (request) => {
    parseInput(EmptyBodySchema, request.body);
    return onboarding.finish(requireUser(request).userId);
  });

  app.get('/api/user/onboarding/recommendation', async (request) =>
    onboarding.recommend(requireUser(request).userId),
  );
}
