import {
  AffiliateCheckLinkQuerySchema,
  AffiliateEncodedIdParamsSchema,
  AffiliateEncodedIdRequestSchema,
  AffiliateSalesParamsSchema,
  AttributionRequestSchema,
  EmptyBodySchema,
  RakutenCookieRequestSchema,
  ReferralCheckQuerySchema,
  TriggeredMultiRequestSchema,
} from '@coderoom/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/guard.js';
import { parseInput } from '../../platform/http/validation.js';
import type { AffiliatesService } from './affiliates.service.js';
import type { ReferralsService } from './referrals.service.js';
import type { RevenueService } from './revenue.service.js';
import { RAKUTEN_COOKIE, type TrackingService } from './tracking.service.js';

/** Attribution and the segment are asked before sign-in too; a half-finished two-factor login is a visitor. */
function optionalUserId(request: FastifyRequest): number | null {
  return request.auth?.state === 'active' ? request.auth.userId : null;
}

export interface GrowthServices {
  tracking: TrackingService;
  referrals: ReferralsService;
  affiliates: AffiliatesService;
  revenue: RevenueService;
}

export function registerGrowthRoutes(
  app: FastifyInstance,
  { tracking, referrals, affiliates, revenue }: GrowthServices,
): void {
  // Spec 001 §4: events are queued in the browser until a user id exists, so this call needs one.
  app.put('/api/event/triggered-multi', async (request) => {
    const { userId } = requireUser(request);
    return tracking.recordEvents(userId, parseInput(TriggeredMultiRequestSchema, request.body));
  });

  app.get('/api/user/utm', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return tracking.attribution(requireUser(request).userId);
  });

  app.post('/api/user/utm', async (request) => {
    const { userId } = requireUser(request);
    return tracking.recordAttribution(userId, parseInput(AttributionRequestSchema, request.body));
  });

  app.put('/api/rakuten/set-cookie', async (request, reply) => {
    const input = parseInput(RakutenCookieRequestSchema, request.body);
    const { cookieValue, expiresAt } = await tracking.rakuten(optionalUserId(request), input);
    reply.setCookie(RAKUTEN_COOKIE, cookieValue, {
      path: '/',
      sameSite: 'lax',
      secure: request.protocol === 'https',
      httpOnly: true,
      expires: expiresAt,
    });
    return { ok: true as const, expires_at: expiresAt.toISOString() };
  });

  app.get('/api/google-analytics/subscription-type', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return tracking.subscriptionType(optionalUserId(request));
  });

  // Referrals (docs/growth.md): the learner's own code and friends; the sign-up form's code check.
  app.get('/api/referral/me', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return referrals.summary(requireUser(request).userId);
  });

  app.get('/api/referral/check', async (request) => {
    const { code } = parseInput(ReferralCheckQuerySchema, request.query);
    return referrals.check(code);
  });

  // Affiliates (spec 001 §7): a visitor's visit through a link; the link check; the affiliate's sales.
  app.post('/api/affiliate/getencodedid/:affiliateId/:context', async (request) => {
    const { affiliateId, context } = parseInput(AffiliateEncodedIdParamsSchema, request.params);
    return affiliates.encodedId(
      affiliateId,
      context,
      parseInput(AffiliateEncodedIdRequestSchema, request.body),
    );
  });

  app.get('/api/affiliate/check-link', async (request) => {
    const { link } = parseInput(AffiliateCheckLinkQuerySchema, request.query);
    return affiliates.checkLink(link);
  });

  app.get('/api/affiliate/:userId/sales', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    const { userId } = requireUser(request);
    return affiliates.sales(userId, parseInput(AffiliateSalesParamsSchema, request.params).userId);
  });

  app.get('/api/admin/revenue', async (request) => {
    parseInput(EmptyBodySchema, request.query);
    return revenue.summary(requireUser(request).userId);
  });
}
