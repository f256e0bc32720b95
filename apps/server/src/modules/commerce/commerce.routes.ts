import {
  AddPaymentMethodRequestSchema,
  CheckoutParamsSchema,
  CheckoutQuerySchema,
  ConfirmPaymentRequestSchema,
  CouponCodeParamsSchema,
  EmptyBodySchema,
  InvoiceParamsSchema,
  OfferParamsSchema,
  PaymentMethodParamsSchema,
  PaymentParamsSchema,
  PayRequestSchema,
  RefundRequestSchema,
  SelectPaymentMethodRequestSchema,
  SubscriptionParamsSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { CheckoutService } from './checkout.service.js';
import type { CouponsService } from './coupons.service.js';
import type { PaymentMethodsService } from './paymentMethods.service.js';
import type { ReceiptsService } from './receipts.service.js';
import type { RefundsService } from './refunds.service.js';
import type { RenewalsService } from './renewals.service.js';
import type { ProcessorEvent, WebhooksService } from './webhooks.service.js';

/** The plans page and course offers are public; a half-finished two-factor login counts as logged out. */
function optionalUserId(request: FastifyRequest): number | null {
  return request.auth?.state === 'active' ? request.auth.userId : null;
}

export function registerCommerceRoutes(
  app: FastifyInstance,
  checkout: CheckoutService,
  renewals: RenewalsService,
  paymentMethods: PaymentMethodsService,
): void {
  app.get('/api/commerce/payment-methods', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return paymentMethods.list(requireUser(request).userId);
  });

  app.post('/api/commerce/payment-methods', async (request) => {
    const { userId } = requireUser(request);
    return paymentMethods.add(userId, parseInput(AddPaymentMethodRequestSchema, request.body));
  });

  app.delete('/api/commerce/payment-methods/:paymentMethodId', async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    const { paymentMethodId } = parseInput(PaymentMethodParamsSchema, request.params);
    return paymentMethods.remove(userId, paymentMethodId);
  });

  app.put('/api/commerce/subscriptions/:subscriptionId/payment-method', async (request) => {
    const { userId } = requireUser(request);
    const { subscriptionId } = parseInput(SubscriptionParamsSchema, request.params);
    const { payment_method_id } = parseInput(SelectPaymentMethodRequestSchema, request.body);
    return paymentMethods.select(userId, subscriptionId, payment_method_id);
  });

  app.get('/api/commerce/plans', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return checkout.plans();
  });

  app.get('/api/commerce/offer/:authorId/:collectionId', async (request) => {
    const params = parseInput(OfferParamsSchema, request.params);
    return checkout.offer(optionalUserId(request), params.authorId, params.collectionId);
  });

  // A logged-out visitor may quote and pay the logged-out enterprise purchase only (the service refuses
  // every other type with 401).
  app.get('/api/commerce/checkout/:checkoutType', async (request) => {
    const userId = optionalUserId(request);
    const { checkoutType } = parseInput(CheckoutParamsSchema, request.params);
    const query = parseInput(CheckoutQuerySchema, request.query);
    return userId === null
      ? checkout.quoteLoggedOut(checkoutType, query)
      : checkout.quote(userId, checkoutType, query);
  });

  app.post('/api/commerce/checkout/:checkoutType', async (request) => {
    const userId = optionalUserId(request);
    const { checkoutType } = parseInput(CheckoutParamsSchema, request.params);
    const input = parseInput(PayRequestSchema, request.body);
    return userId === null
      ? checkout.payLoggedOut(checkoutType, input, request.ip)
      : checkout.pay(userId, checkoutType, input);
  });

  app.get('/api/commerce/payments/:paymentId', async (request) => {
    const { userId } = requireUser(request);
    return checkout.payment(userId, parseInput(PaymentParamsSchema, request.params).paymentId);
  });

  app.post('/api/commerce/payments/:paymentId/confirm', async (request) => {
    const userId = optionalUserId(request);
    const { paymentId } = parseInput(PaymentParamsSchema, request.params);
    const { approved, ...proof } = parseInput(ConfirmPaymentRequestSchema, request.body);
    return userId === null
      ? checkout.confirmLoggedOut(paymentId, approved, proof)
      : checkout.confirm(userId, paymentId, approved, proof);
  });

  app.post('/api/commerce/subscriptions/:subscriptionId/cancel', async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    await renewals.cancel(userId, parseInput(SubscriptionParamsSchema, request.params).subscriptionId);
    return { ok: true } as const;
  });

  app.post('/api/commerce/subscriptions/:subscriptionId/reactivate', async (request) => {
    parseInput(EmptyBodySchema, request.body);
    const { userId } = requireUser(request);
    await renewals.reactivate(userId, parseInput(SubscriptionParamsSchema, request.params).subscriptionId);
    return { ok: true } as const;
  });

  app.get('/api/user/subscriptions-status', async (request) => {
    const { userId } = requireUser(request);
    return checkout.subscriptionsStatus(userId);
  });
}

/** Billing history, invoices (PDF) and the administrator's refund. */
export function registerSettlementRoutes(
  app: FastifyInstance,
  receipts: ReceiptsService,
  refunds: RefundsService,
): void {
  app.get('/api/commerce/billing-history', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return receipts.billingHistory(requireUser(request).userId);
  });

  app.get('/api/commerce/invoices/:entryId', async (request, reply) => {
    parseInput(EmptyBodySchema, request.query);
    const { userId } = requireUser(request);
    const { entryId } = parseInput(InvoiceParamsSchema, request.params);
    const { filename, pdf } = await receipts.invoice(userId, entryId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  app.post('/api/admin/commerce/payments/:paymentId/refund', async (request) => {
    const { userId } = requireUser(request);
    const { paymentId } = parseInput(PaymentParamsSchema, request.params);
    return refunds.refund(userId, paymentId, parseInput(RefundRequestSchema, request.body));
  });
}

/** Spec 001 §7 GET /api/coupon/…: the site coupon's banner (public) and a coupon's terms (signed in). */
export function registerCouponRoutes(app: FastifyInstance, coupons: CouponsService): void {
  app.get('/api/coupon/site', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return coupons.siteBanner();
  });

  app.get('/api/coupon/:code', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    requireUser(request);
    return coupons.describe(parseInput(CouponCodeParamsSchema, request.params).code);
  });
}

/** Verifies a processor's signed request and turns it into our event (a Stripe adapter, for instance). */
export type WebhookVerifier = (rawBody: Buffer, signature: string | undefined) => Promise<ProcessorEvent>;

/**
 * POST /api/commerce/webhooks/stripe: called by Stripe, not a browser (no CSRF token, no session), with the
 * raw body kept for the signature. Registered only when the deployment has a webhook secret.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  webhooks: WebhooksService,
  stripe: WebhookVerifier | undefined,
): void {
  if (!stripe) return;
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/commerce/webhooks/stripe', { config: { server2server: true } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = await stripe(raw, typeof signature === 'string' ? signature : undefined);
      return webhooks.apply('stripe', event);
    });
  });
}
