import { EmptyBodySchema, RedeemGiftRequestSchema } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { GiftsService } from './gifts.service.js';

/** Gifts (docs/commerce.md "Gifts"): the buyer's list, and the receiver's redemption. */
export function registerGiftRoutes(app: FastifyInstance, gifts: GiftsService): void {
  app.get('/api/commerce/gifts', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return gifts.bought(requireUser(request).userId);
  });

  app.post('/api/commerce/gifts/redeem', async (request) => {
    const { userId } = requireUser(request);
    return gifts.redeem(userId, parseInput(RedeemGiftRequestSchema, request.body).code);
  });
}
