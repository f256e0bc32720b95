// Growth tracking (spec 001 §3 "Stored client items", §4 "Queued analytics events and click id" and
// "User segment for analytics", §5, §7, §9; docs/growth.md): analytics events, attribution (UTM, click id,
// referral site, affiliates, Rakuten), referrals and the segment an analytics hit is tagged with.

import { BusinessTier, FeatureSet, isPremium, TermName } from './commerce.js';
import { AdminLevel, EnterpriseRole } from './organizations.js';
import { ONE_WEEK_MS } from './shell.js';

/** Stored events older than this are discarded, on the client and again on the server (001 §9). */
export const QUEUED_EVENT_EXPIRY_MS = ONE_WEEK_MS;
/** A click id is valid for 7 days, then removed (001 §4, §9). */
export const CLICK_ID_EXPIRY_MS = ONE_WEEK_MS;
/** Referral and referrer text (and every other stored attribution text) is cut to this (001 §3, §5). */
export const ATTRIBUTION_TEXT_MAX = 512;
/** One flush sends at most this many queued events (docs/growth.md). */
export const EVENTS_PER_FLUSH_MAX = 50;
/** Event names: what analytics dashboards group by. */
export const EVENT_NAME_MAX = 64;
export const EVENT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.:-]*$/;

/** The UTM fields of 001 §3 (utm and utm_init). */
export const UTM_FIELDS = ['utm_campaign', 'utm_term', 'utm_source', 'utm_medium', 'utm_content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

export const GrowthMessages = {
  /** 001 §5: "an error says a GA event value can only be a number". */
  EventValueNotNumber: 'GA event value can only be a number',
  EventNameInvalid: 'Event name must start with a letter and hold only letters, digits, _ . : or -.',
  TooManyEvents: `Send at most ${EVENTS_PER_FLUSH_MAX} events at once.`,
  /** 001 §7: the message the web app shows when the segment call fails. */
  SubscriptionTypeFailed: 'Failed to load Google Analytics Subscribtion Type',
  UnknownReferralCode: 'This referral code does not exist.',
  OwnReferralCode: 'You cannot use your own referral code.',
  UnknownAffiliate: 'This affiliate does not exist.',
  AffiliateSalesDenied: 'Only this affiliate or an administrator can see these sales.',
  AdminOnly: 'Only an administrator can see revenue.',
} as const;

/** Cuts attribution text to the spec's cap (it is cut, not refused: 001 §5). */
export function capAttributionText(value: string): string {
  return value.length > ATTRIBUTION_TEXT_MAX ? value.slice(0, ATTRIBUTION_TEXT_MAX) : value;
}

/** 001 §5: an event whose action or label contains "undefined" is reported as unexpected. */
export function isUnexpectedEvent(data: {
  action?: string | undefined;
  label?: string | undefined;
}): boolean {
  return Boolean(data.action?.includes('undefined') || data.label?.includes('undefined'));
}

/** Whether a stored item captured at `capturedAtMs` is still valid at `nowMs` (7-day expiries). */
export function isFresh(capturedAtMs: number, nowMs: number, expiryMs: number): boolean {
  return Number.isFinite(capturedAtMs) && capturedAtMs <= nowMs + 60_000 && nowMs - capturedAtMs < expiryMs;
}

// ---- Referrals -------------------------------------------------------------------------------------------

/** What the referrer is credited for each friend who signed up with their code (docs/growth.md). */
export const REFERRAL_CREDIT_CENTS = 1000;
/** At most this much referral credit is taken off one payment; the rest waits for the next. */
export const REFERRAL_CREDIT_MAX_PER_PAYMENT_CENTS = 5000;
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{6,16}$/;

export function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

// ---- Affiliates ------------------------------------------------------------------------------------------

/** An affiliate's share of each sale it brought, in percent (docs/growth.md). */
export const AFFILIATE_COMMISSION_PERCENT = 20;
/** A sale counts for the affiliate whose link the buyer followed within this window. */
export const AFFILIATE_ATTRIBUTION_WINDOW_MS = 30 * 86_400_000;

/** 001 §7: the affiliate id in the path "may have an underscore prefix". */
export function parseAffiliatePathId(raw: string): number | null {
  const match = /^_?([1-9][0-9]{0,15})$/.exec(raw);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

// ---- User segment (001 §4) -------------------------------------------------------------------------------

/** User kinds for events (001 §4). */
export const UserKind = {
  InternalStaff: 'internal_staff',
  B2bUser: 'b2b_user',
  B2cUser: 'b2c_user',
  LoggedOut: 'logged_out',
} as const;
export type UserKind = (typeof UserKind)[keyof typeof UserKind];

/** The company's domain and the test domain: their addresses are internal staff (001 §4). */
export const INTERNAL_EMAIL_DOMAINS = ['coderoom.dev', 'coderoom.test'] as const;

/** 001 §4: churned applies only when this campaign constant is on (off outside the holiday campaign). */
export const HOLIDAY_CAMPAIGN_ENABLED = false;

export interface SegmentMembership {
  role: number | null;
  adminLevel: number | null;
  isTeamManager: boolean;
  /** The organization subscription's business tier (6001 team, 6003 enterprise, …), null without one. */
  subscriptionType: number | null;
}

export interface SegmentFacts {
  loggedIn: boolean;
  email: string;
  memberships: readonly SegmentMembership[];
  hasActiveB2cTrial: boolean;
  isGithubScholar: boolean;
  /** The current subscription (highest feature set first), or the most recent one when none is current. */
  currentPlan: { featureSet: number; validityMonths: number } | null;
  lastPlan: { featureSet: number; validityMonths: number } | null;
  /** The churned special-discount cohort: held a special-discount plan that has ended. */
  isChurnedDiscountCohort: boolean;
  holidayCampaign: boolean;
  /** Bought a team plan for others (team buy admin) without an organization membership. */
  isTeamBuyAdmin: boolean;
  /** Holds a seat of someone's team plan. */
  isTeamSeatHolder: boolean;
  /** Subscribed through an invitation to their e-mail address. */
  isEmailSubscriber: boolean;
  /** Subscribed because their e-mail domain is covered. */
  isDomainSubscriber: boolean;
  ownsPaidCourses: boolean;
}

/** A visitor: no account, so every check after the first is false. */
export const LOGGED_OUT_FACTS: SegmentFacts = {
  loggedIn: false,
  email: '',
  memberships: [],
  hasActiveB2cTrial: false,
  isGithubScholar: false,
  currentPlan: null,
  lastPlan: null,
  isChurnedDiscountCohort: false,
  holidayCampaign: false,
  isTeamBuyAdmin: false,
  isTeamSeatHolder: false,
  isEmailSubscriber: false,
  isDomainSubscriber: false,
  ownsPaidCourses: false,
};

export interface UserSegment {
  /** Which of the 11 steps decided (1 logged out … 11 non-paying). */
  step: number;
  segment: string;
  user_kind: UserKind;
}

function featureSetWord(featureSet: number): string {
  if (featureSet === FeatureSet.PremiumPlus) return 'premium_plus';
  if (isPremium(featureSet)) return 'premium';
  if (featureSet === FeatureSet.Standard) return 'standard';
  if (featureSet === FeatureSet.Work) return 'work';
  return 'basic';
}

function planWords(plan: { featureSet: number; validityMonths: number }): string {
  const term = TermName[plan.validityMonths]?.toLowerCase() ?? `${plan.validityMonths}_month`;
  return `${term}_${featureSetWord(plan.featureSet)}`;
}

export function isInternalEmail(email: string): boolean {
  const domain = email.toLowerCase().split('@')[1] ?? '';
  return INTERNAL_EMAIL_DOMAINS.some((internal) => domain === internal || domain.endsWith(`.${internal}`));
}

function membershipSegment(membership: SegmentMembership): string {
  if (membership.subscriptionType === BusinessTier.Team) {
    const leads =
      membership.role === EnterpriseRole.Admin ||
      membership.role === EnterpriseRole.Manager ||
      membership.isTeamManager;
    return leads ? 'team_buy_admin' : 'team_subscriber';
  }
  const tag = membership.subscriptionType ?? 'none';
  if (membership.role === EnterpriseRole.Admin || membership.role === EnterpriseRole.Executive) {
    const level = membership.adminLevel ?? AdminLevel.SuperAdmin;
    return `${level === AdminLevel.SuperAdmin ? 'enterprise_super_admin' : 'enterprise_sub_admin'}_${tag}`;
  }
  if (membership.role === EnterpriseRole.Manager) return `enterprise_manager_${tag}`;
  return `enterprise_member_${tag}`;
}

/** The user kind of 001 §4: internal staff first, then B2B (admin or subscriber of an organization). */
export function userKindOf(facts: Pick<SegmentFacts, 'loggedIn' | 'email' | 'memberships'>): UserKind {
  if (!facts.loggedIn) return UserKind.LoggedOut;
  if (isInternalEmail(facts.email)) return UserKind.InternalStaff;
  const isB2b = facts.memberships.some(
    (membership) => membership.role === EnterpriseRole.Admin || membership.subscriptionType !== null,
  );
  return isB2b ? UserKind.B2bUser : UserKind.B2cUser;
}

/** 001 §4 "User segment for analytics": the first of the 11 checks that holds, in order. */
export function userSegmentOf(facts: SegmentFacts): UserSegment {
  const user_kind = userKindOf(facts);
  const at = (step: number, segment: string): UserSegment => ({ step, segment, user_kind });
  if (!facts.loggedIn) return at(1, 'logged_out');
  const membership = facts.memberships.find((entry) => entry.subscriptionType !== null);
  if (membership) return at(2, membershipSegment(membership));
  if (facts.hasActiveB2cTrial) return at(3, 'b2c_trial');
  if (facts.isGithubScholar) return at(4, 'github_scholar');
  if (facts.currentPlan) return at(5, `subscriber_${planWords(facts.currentPlan)}`);
  if (facts.holidayCampaign && facts.isChurnedDiscountCohort && facts.lastPlan) {
    return at(5, `churned_subscriber_${planWords(facts.lastPlan)}`);
  }
  if (facts.isTeamBuyAdmin) return at(6, 'team_admin');
  if (facts.isTeamSeatHolder) return at(7, 'team_subscriber');
  if (facts.isEmailSubscriber) return at(8, 'email_subscriber');
  if (facts.isDomainSubscriber) return at(9, 'domain_subscriber');
  if (facts.ownsPaidCourses) return at(10, 'a_la_carte');
  return at(11, 'non_paying');
}
