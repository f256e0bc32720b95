import { EVENT_NAME_MAX, EVENTS_PER_FLUSH_MAX } from '@coderoom/domain';
import { z } from 'zod';

// Growth tracking (spec 001 §3–§5, §7, §9; docs/growth.md): analytics events, attribution, the analytics
// segment, referrals, affiliates and the administrator's revenue figures. Amounts are US dollars.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Attribution text: any length is accepted and cut to 512 characters on the server (001 §5). */
const attributionText = z.string().max(8192);

/**
 * One queued event (001 §3 "events of name and data plus timestamp"). `value` is checked in the service,
 * so a non-number is answered with the spec's own message rather than a generic type error.
 */
export const AnalyticsEventSchema = z.strictObject({
  event_name: z.string().min(1).max(EVENT_NAME_MAX),
  event_data: z
    .strictObject({
      category: z.string().max(512).optional(),
      action: z.string().max(512).optional(),
      label: z.string().max(512).optional(),
      value: z.unknown().optional(),
    })
    .default({}),
  /** When the browser recorded it (ms since the epoch); absent means now. */
  timestamp: z.number().int().nonnegative().optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** PUT /api/event/triggered-multi: the browser's queued events, sent once the user is known. */
export const TriggeredMultiRequestSchema = z.array(AnalyticsEventSchema).max(EVENTS_PER_FLUSH_MAX);
export type TriggeredMultiRequest = z.infer<typeof TriggeredMultiRequestSchema>;

export const TriggeredMultiResponseSchema = z.object({
  accepted: z.number(),
  /** Older than 7 days: dropped (001 §4). */
  discarded: z.number(),
  /** Recorded, with action or label containing "undefined" (001 §5). */
  unexpected: z.number(),
});
export type TriggeredMultiResponse = z.infer<typeof TriggeredMultiResponseSchema>;

const utmShape = {
  utm_campaign: attributionText.optional(),
  utm_term: attributionText.optional(),
  utm_source: attributionText.optional(),
  utm_medium: attributionText.optional(),
  utm_content: attributionText.optional(),
};
export const UtmSchema = z.strictObject(utmShape);
export type Utm = z.infer<typeof UtmSchema>;

/** POST /api/user/utm: what the browser stored before the learner was known (001 §3, §7). */
export const AttributionRequestSchema = z.strictObject({
  utm: UtmSchema.optional(),
  utm_init: UtmSchema.optional(),
  referral_site: attributionText.optional(),
  last_referral_site: attributionText.optional(),
  click_id: attributionText.optional(),
  /** When the click id was captured (ms); one older than 7 days is discarded (001 §4). */
  click_id_captured_at: z.number().int().nonnegative().optional(),
  encoded_affiliate_id: z.string().max(64).optional(),
});
export type AttributionRequest = z.infer<typeof AttributionRequestSchema>;

export const AttributionResponseSchema = z.object({
  utm: z.record(z.string(), z.string()).nullable(),
  utm_init: z.record(z.string(), z.string()).nullable(),
  referral_site: z.string().nullable(),
  last_referral_site: z.string().nullable(),
  /** Null once older than 7 days. */
  click_id: z.string().nullable(),
  affiliate_id: z.number().nullable(),
});
export type AttributionResponse = z.infer<typeof AttributionResponseSchema>;

/** PUT /api/rakuten/set-cookie (001 §7). */
export const RakutenCookieRequestSchema = z.strictObject({
  merchant_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ or -'),
  tracking_id: z.string().min(1).max(512),
});
export type RakutenCookieRequest = z.infer<typeof RakutenCookieRequestSchema>;

export const RakutenCookieResponseSchema = z.object({ ok: z.literal(true), expires_at: z.string() });
export type RakutenCookieResponse = z.infer<typeof RakutenCookieResponseSchema>;

/** GET /api/google-analytics/subscription-type: the 11-step segment of 001 §4. */
export const SubscriptionTypeResponseSchema = z.object({
  subscription_type: z.string(),
  step: z.number(),
  user_kind: z.string(),
});
export type SubscriptionTypeResponse = z.infer<typeof SubscriptionTypeResponseSchema>;

// ---- Referrals -------------------------------------------------------------------------------------------

export const ReferralFriendSchema = z.object({
  /** First name only: the referrer learns who joined, not their e-mail. */
  first_name: z.string(),
  joined_at: z.string(),
  status: z.enum(['pending', 'credited']),
  credit_usd: z.number(),
  credited_at: z.string().nullable(),
});

/** GET /api/referral/me: the learner's code, link and what their friends earned them. */
export const ReferralSummarySchema = z.object({
  referral_code: z.string(),
  referral_link: z.string(),
  credit_per_friend_usd: z.number(),
  credit_pending_usd: z.number(),
  credit_used_usd: z.number(),
  friends: z.array(ReferralFriendSchema),
});
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>;

/** GET /api/referral/check?code=: whether a code exists (the sign-up form's hint). */
export const ReferralCheckQuerySchema = z.strictObject({ code: z.string().min(1).max(32) });
export const ReferralCheckResponseSchema = z.object({
  is_valid: z.boolean(),
  referrer_first_name: z.string().nullable(),
});
export type ReferralCheckResponse = z.infer<typeof ReferralCheckResponseSchema>;

// ---- Affiliates ------------------------------------------------------------------------------------------

/** POST /api/affiliate/getencodedid/{id}/context{suffix} (001 §7). */
export const AffiliateEncodedIdParamsSchema = z.strictObject({
  affiliateId: z.string().min(1).max(32),
  context: z.string().regex(/^context[A-Za-z0-9_-]{0,64}$/, 'must be context followed by a suffix'),
});
export const AffiliateEncodedIdRequestSchema = z.strictObject({
  referral_site: attributionText.optional(),
  last_referral_site: attributionText.optional(),
  ref_id: attributionText.optional(),
  ...utmShape,
});
export type AffiliateEncodedIdRequest = z.infer<typeof AffiliateEncodedIdRequestSchema>;
export const AffiliateEncodedIdResponseSchema = z.object({ encoded_affiliate_id: z.string() });
export type AffiliateEncodedIdResponse = z.infer<typeof AffiliateEncodedIdResponseSchema>;

/** GET /api/affiliate/check-link?link=: whether a link carries a live affiliate's id (docs/growth.md). */
export const AffiliateCheckLinkQuerySchema = z.strictObject({ link: z.string().min(1).max(2048) });
export const AffiliateCheckLinkResponseSchema = z.object({
  is_affiliate_link: z.boolean(),
  is_active: z.boolean(),
  affiliate_id: z.number().nullable(),
});
export type AffiliateCheckLinkResponse = z.infer<typeof AffiliateCheckLinkResponseSchema>;

export const AffiliateSalesParamsSchema = z.strictObject({ userId: id });
export const AffiliateSaleSchema = z.object({
  entry_id: z.number(),
  item_title: z.string(),
  amount_usd: z.number(),
  commission_usd: z.number(),
  created_at: z.string(),
});
/** GET /api/affiliate/{user_id}/sales: what an affiliate's links sold (the affiliate or an admin). */
export const AffiliateSalesSchema = z.object({
  affiliate_id: z.number(),
  affiliate_name: z.string(),
  commission_percent: z.number(),
  is_active: z.boolean(),
  affiliate_link: z.string(),
  clicks: z.number(),
  sign_ups: z.number(),
  sales: z.array(AffiliateSaleSchema),
  total_sales_usd: z.number(),
  total_commission_usd: z.number(),
});
export type AffiliateSales = z.infer<typeof AffiliateSalesSchema>;

// ---- Revenue (admin) -------------------------------------------------------------------------------------

export const RevenuePlanSchema = z.object({
  plan_key: z.string(),
  title: z.string(),
  active: z.number(),
  mrr_usd: z.number(),
});

/** GET /api/admin/revenue: MRR, active subscriptions by plan, trials converting and churn. */
export const RevenueSummarySchema = z.object({
  computed_at: z.string(),
  mrr_usd: z.number(),
  active_subscriptions: z.number(),
  by_plan: z.array(RevenuePlanSchema),
  trials: z.object({
    started: z.number(),
    active: z.number(),
    converted: z.number(),
    /** converted / (converted + ended without a charge); null when none has finished. */
    conversion_rate: z.number().nullable(),
  }),
  churn: z.object({
    window_days: z.number(),
    active_at_start: z.number(),
    churned: z.number(),
    churn_rate: z.number().nullable(),
  }),
  net_revenue_30d_usd: z.number(),
});
export type RevenueSummary = z.infer<typeof RevenueSummarySchema>;
