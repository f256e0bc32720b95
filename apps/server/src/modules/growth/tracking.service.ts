import type {
  AttributionRequest,
  AttributionResponse,
  RakutenCookieRequest,
  SubscriptionTypeResponse,
  TriggeredMultiRequest,
  TriggeredMultiResponse,
  UserInfoOrganization,
  Utm,
} from '@coderoom/contracts';
import {
  CheckoutType,
  CLICK_ID_EXPIRY_MS,
  capAttributionText,
  ENTITLING_STATUSES,
  EVENT_NAME_PATTERN,
  HOLIDAY_CAMPAIGN_ENABLED,
  isFresh,
  isUnexpectedEvent,
  LOGGED_OUT_FACTS,
  QUEUED_EVENT_EXPIRY_MS,
  type SegmentFacts,
  UTM_FIELDS,
  userSegmentOf,
} from '@coderoom/domain';
import type { UserAttributionRow, UtmValues } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import { GrowthErrors } from './growth.errors.js';
import * as repo from './growth.repository.js';

// Analytics events, attribution and the analytics segment (spec 001 §3–§5, §7; docs/growth.md).

/** A learner flushes queued events now and then; this bounds a runaway tab, not a person. */
const EVENTS_RATE = { limit: 60, windowSeconds: 60 } as const;
/** The Rakuten attribution cookie lives as long as a click id (001 §9: 7 days). */
export const RAKUTEN_COOKIE = 'rakuten_attribution';

/** The commerce and organization facts the segment needs, from their services (app.ts wires them). */
export interface SegmentSources {
  commerceInfo(userId: number): Promise<{ has_active_b2c_trial: boolean; owns_paid_courses: boolean }>;
  organizations(userId: number): Promise<UserInfoOrganization[]>;
}

export interface TrackingDeps {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  sources: SegmentSources;
  holidayCampaign?: boolean;
}

/** Only the five UTM fields, each cut to 512 characters; empty values are dropped. */
function cleanUtm(utm: Utm | undefined): UtmValues | undefined {
  if (!utm) return undefined;
  const clean: UtmValues = {};
  for (const field of UTM_FIELDS) {
    const value = utm[field]?.trim();
    if (value) clean[field] = capAttributionText(value);
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}

function cleanText(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? capAttributionText(trimmed) : undefined;
}

export function createTrackingService({ db, clock, rateLimiter, sources, holidayCampaign }: TrackingDeps) {
  function presentAttribution(row: UserAttributionRow | undefined): AttributionResponse {
    const now = clock.now().getTime();
    const clickFresh =
      row?.clickId && row.clickIdCapturedAt
        ? isFresh(row.clickIdCapturedAt.getTime(), now, CLICK_ID_EXPIRY_MS)
        : false;
    return {
      utm: row?.utm ?? null,
      utm_init: row?.utmInit ?? null,
      referral_site: row?.referralSite ?? null,
      last_referral_site: row?.lastReferralSite ?? null,
      click_id: clickFresh ? (row?.clickId ?? null) : null,
      affiliate_id: row?.affiliateId ?? null,
    };
  }

  async function segmentFacts(userId: number): Promise<SegmentFacts> {
    const now = clock.now();
    const [email, organizations, commerce, held, isGithubScholar, isTeamBuyAdmin] = await Promise.all([
      repo.findUserEmail(db, userId),
      sources.organizations(userId),
      sources.commerceInfo(userId),
      repo.findSubscriptionsWithPlan(db, userId),
      repo.isGithubScholar(db, userId),
      repo.hasBoughtForTeam(db, userId, [
        CheckoutType.TeamBuy,
        CheckoutType.TeamSeats,
        CheckoutType.EnterpriseBuy,
        CheckoutType.EnterpriseSeats,
      ]),
    ]);
    const current = held
      .filter(
        (row) => ENTITLING_STATUSES.includes(row.status) && row.expiresAt > now && row.suspendedAt === null,
      )
      .sort((a, b) => b.featureSet - a.featureSet)[0];
    const last = held[0];
    return {
      loggedIn: true,
      email: email ?? '',
      memberships: organizations.map((organization) => ({
        role: organization.role ?? null,
        adminLevel: organization.admin_level ?? null,
        isTeamManager: organization.is_user_team_manager,
        subscriptionType: organization.subscription_type ?? null,
      })),
      hasActiveB2cTrial: commerce.has_active_b2c_trial,
      isGithubScholar,
      currentPlan: current ?? null,
      lastPlan: last ?? null,
      // The special-discount cohort: the plan they last held carried a special discount, and it ended.
      isChurnedDiscountCohort: !current && last !== undefined && last.specialDiscount !== null,
      holidayCampaign: holidayCampaign ?? HOLIDAY_CAMPAIGN_ENABLED,
      isTeamBuyAdmin,
      // No plan is granted to an invited address, a covered e-mail domain or a team seat outside an
      // organization on this platform (docs/growth.md): those steps hold for nobody yet.
      isTeamSeatHolder: false,
      isEmailSubscriber: false,
      isDomainSubscriber: false,
      ownsPaidCourses: commerce.owns_paid_courses,
    };
  }

  return {
    /** PUT /api/event/triggered-multi: every event is checked before any is stored (all or nothing). */
    async recordEvents(userId: number, events: TriggeredMultiRequest): Promise<TriggeredMultiResponse> {
      await rateLimiter.consume(`events:user:${userId}`, EVENTS_RATE);
      const now = clock.now();
      events.forEach((event, index) => {
        if (!EVENT_NAME_PATTERN.test(event.event_name)) throw GrowthErrors.eventNameInvalid(index);
        const { value } = event.event_data;
        if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
          throw GrowthErrors.eventValueNotNumber(index);
        }
      });
      let discarded = 0;
      let unexpected = 0;
      const rows: repo.NewAnalyticsEvent[] = [];
      for (const event of events) {
        const at = event.timestamp ?? now.getTime();
        // Older than 7 days: dropped (001 §4). A clock ahead of ours is taken as now.
        if (now.getTime() - at >= QUEUED_EVENT_EXPIRY_MS) {
          discarded += 1;
          continue;
        }
        const data = event.event_data;
        const isUnexpected = isUnexpectedEvent(data);
        if (isUnexpected) unexpected += 1;
        rows.push({
          userId,
          eventName: event.event_name,
          category: data.category ?? null,
          action: data.action ?? null,
          label: data.label ?? null,
          value: typeof data.value === 'number' ? data.value : null,
          isUnexpected,
          occurredAt: new Date(Math.min(at, now.getTime())),
          receivedAt: now,
        });
      }
      await repo.insertEvents(db, rows);
      return { accepted: rows.length, discarded, unexpected };
    },

    async attribution(userId: number): Promise<AttributionResponse> {
      return presentAttribution(await repo.findAttribution(db, userId));
    },

    /**
     * POST /api/user/utm: what the browser kept before the learner was known. Fields not sent are left as
     * they were; the first UTM and the first affiliate stay (first touch), the rest is the latest.
     */
    async recordAttribution(userId: number, input: AttributionRequest): Promise<AttributionResponse> {
      const now = clock.now();
      const values: repo.AttributionValues = { updatedAt: now };
      const utm = cleanUtm(input.utm);
      const utmInit = cleanUtm(input.utm_init) ?? utm;
      if (utm) values.utm = utm;
      if (utmInit) values.utmInit = utmInit;
      const referralSite = cleanText(input.referral_site);
      if (referralSite) values.referralSite = referralSite;
      const lastReferralSite = cleanText(input.last_referral_site);
      if (lastReferralSite) values.lastReferralSite = lastReferralSite;
      const clickId = cleanText(input.click_id);
      const capturedAt = input.click_id_captured_at ?? now.getTime();
      if (clickId && isFresh(capturedAt, now.getTime(), CLICK_ID_EXPIRY_MS)) {
        values.clickId = clickId;
        values.clickIdCapturedAt = new Date(Math.min(capturedAt, now.getTime()));
      }
      if (input.encoded_affiliate_id) {
        const click = await repo.findAffiliateClick(db, input.encoded_affiliate_id);
        // One's own affiliate link earns nothing.
        if (click && click.affiliateId !== userId) {
          values.affiliateId = click.affiliateId;
          values.affiliateClickId = click.id;
          values.affiliatedAt = click.createdAt;
        }
      }
      return presentAttribution(await repo.upsertAttribution(db, userId, values));
    },

    /** PUT /api/rakuten/set-cookie: the cookie's value and end; a known learner's attribution keeps it too. */
    async rakuten(userId: number | null, input: RakutenCookieRequest) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + CLICK_ID_EXPIRY_MS);
      const trackingId = capAttributionText(input.tracking_id);
      if (userId !== null) {
        await repo.upsertAttribution(db, userId, {
          rakutenMerchantId: input.merchant_id,
          rakutenTrackingId: trackingId,
          rakutenAt: now,
          updatedAt: now,
        });
      }
      return {
        cookieValue: JSON.stringify({
          merchant_id: input.merchant_id,
          tracking_id: trackingId,
          at: now.getTime(),
        }),
        expiresAt,
      };
    },

    /** GET /api/google-analytics/subscription-type: the 11-step segment of 001 §4, from the ledger's tables. */
    async subscriptionType(userId: number | null): Promise<SubscriptionTypeResponse> {
      const segment = userSegmentOf(userId === null ? LOGGED_OUT_FACTS : await segmentFacts(userId));
      return { subscription_type: segment.segment, step: segment.step, user_kind: segment.user_kind };
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
