import { FeatureParamsSchema, SetFeatureRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { FeaturesService } from './features.service.js';

export function registerFeaturesRoutes(app: FastifyInstance, features: FeaturesService): void {
  app.get('/api/features', async (request) => features.forCaller(request.auth));

  app.get('/api/admin/features', async (request) => features.list(requireUser(request)));

  app.put('/api/admin/features/:name', async (request) => {
    const auth = requireUser(request);
    const { name } = parseInput(FeatureParamsSchema, request.params);
    const { rollout } = parseInput(SetFeatureRequestSchema, request.body);
    return features.set(auth, name, rollout);
  });
}
