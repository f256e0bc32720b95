import { EmptyBodySchema, PayoutMethodRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { PayoutsService } from './payouts.service.js';

/** Author payouts: the payout method (a provider token) and the monthly statements (docs/commerce.md). */
export function registerPayoutRoutes(app: FastifyInstance, payouts: PayoutsService): void {
  app.get('/api/author/payouts', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return payouts.authorPayouts(requireUser(request).userId);
  });

  app.put('/api/author/payout-methods', async (request) => {
    const { userId } = requireUser(request);
    return payouts.savePayoutMethod(userId, parseInput(PayoutMethodRequestSchema, request.body));
  });
}
