import {
  AdminPaymentParamsSchema,
  AdminPaymentSearchQuerySchema,
  AdminRefundRequestSchema,
  EmptyBodySchema,
} from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { AdminRefundsService } from './refunds.admin.service.js';

/** The admin refund screen (/admin/refunds): find a payment, read its ledger, refund it. */
export function registerAdminRefundRoutes(app: FastifyInstance, adminRefunds: AdminRefundsService): void {
  app.get('/api/admin/commerce/payments', async (request) => {
    const { userId } = requireUser(request);
    const { q } = parseInput(AdminPaymentSearchQuerySchema, request.query);
    return adminRefunds.search(userId, q);
  });

  app.get('/api/admin/commerce/payments/:paymentId', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    const { userId } = requireUser(request);
    const { paymentId } = parseInput(AdminPaymentParamsSchema, request.params);
    return adminRefunds.payment(userId, paymentId);
  });

  app.post('/api/admin/commerce/payments/:paymentId/refunds', async (request) => {
    const { userId } = requireUser(request);
    const { paymentId } = parseInput(AdminPaymentParamsSchema, request.params);
    return adminRefunds.refund(userId, paymentId, parseInput(AdminRefundRequestSchema, request.body));
  });
}
