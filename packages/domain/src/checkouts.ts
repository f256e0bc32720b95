import { BusinessTier, CheckoutType } from './commerce.js';

// Gifts, reactivation, certificate purchases, seats and enterprise purchases (spec 001 §2/§4/§5;
// docs/commerce.md "Gifts, reactivation, certificates, seats and enterprise purchases").

/** The business tiers an enterprise purchase may buy (enterprise freemium is given, not sold). */
export const SOLD_BUSINESS_TIERS: readonly number[] = [
  BusinessTier.Team,
  BusinessTier.Enterprise,
  BusinessTier.EnterprisePlus,
  BusinessTier.EnterpriseTeam,
  BusinessTier.EnterpriseStartup,
];

/**
 * Spec 001 §5 names the license and seat limits as constants without values; ours. A purchase buys at least
 * one seat (the minimum license count) and at most MAX_SEATS_PER_PURCHASE at a time.
 */
export const MIN_SEATS_PER_PURCHASE = 1;
export const MAX_SEATS_PER_PURCHASE = 1000;

/** A certificate bought on its own (the claim of a course the learner completed), in US cents. */
export const CERTIFICATE_PRICE_CENTS = 1900;

/** The state of a gift code. */
export const GiftState = { Unredeemed: 'unredeemed', Redeemed: 'redeemed', Revoked: 'revoked' } as const;
export type GiftState = (typeof GiftState)[keyof typeof GiftState];

/** GIFT-XXXX-XXXX-XXXX from these letters and digits (no 0/O, 1/I/L look-alikes). */
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CODE_PATTERN =
  /^GIFT-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/;

/** A code as typed (any case, spaces around) in the form it is stored. */
export function normaliseGiftCode(value: string): string {
  return value.trim().toUpperCase();
}

/** Checkouts whose grant is not a plan of the payer's own or a course purchase (settlement hands them over). */
export const EXTENDED_CHECKOUT_TYPES: readonly CheckoutType[] = [
  CheckoutType.Gift,
  CheckoutType.Reactivation,
  CheckoutType.Certificate,
  CheckoutType.EnterpriseSeats,
  CheckoutType.EnterpriseBuy,
  CheckoutType.LoggedOutEnterprisePurchase,
  CheckoutType.EnterpriseUpgrade,
  CheckoutType.EnterpriseReactivation,
];

/**
 * An enterprise upgrade (spec 001 §4's upgrade rule, with seats): on a running organization subscription, a
 * higher feature set, or the same with a longer term, or the same plan with more seats; never fewer seats.
 */
export function isEnterpriseUpgrade(
  current: { featureSet: number; validityMonths: number; seats: number },
  offered: { featureSet: number; validityMonths: number; seats: number },
): boolean {
  if (offered.seats < current.seats) return false;
  if (offered.featureSet !== current.featureSet) return offered.featureSet > current.featureSet;
  if (offered.validityMonths !== current.validityMonths)
    return offered.validityMonths > current.validityMonths;
  return offered.seats > current.seats;
}

/**
 * What n seats cost for the time left of an organization subscription's term: the term price of one seat
 * times n, times the share of the term still to run (floored to the cent). A subscription without an end
 * date is charged a whole term; one already ended charges nothing (it cannot take seats).
 */
export function proratedSeatsCents(input: {
  seatPriceCents: number;
  seats: number;
  startsAt: Date;
  expiresAt: Date | null;
  now: Date;
}): number {
  const whole = input.seatPriceCents * input.seats;
  if (!input.expiresAt) return whole;
  const term = input.expiresAt.getTime() - input.startsAt.getTime();
  const left = input.expiresAt.getTime() - input.now.getTime();
  if (term <= 0 || left <= 0) return 0;
  return Math.floor((whole * Math.min(left, term)) / term);
}

export const CheckoutMessages = {
  GiftNotFound: 'This gift code does not exist.',
  GiftRedeemed: 'This gift code has already been redeemed.',
  GiftRevoked: 'This gift code is no longer valid: the gift was refunded.',
  GiftWhileSubscribed:
    'You already have an active subscription. Redeem this gift once it has ended, or give the code to someone else.',
  GiftEmailRequired: 'Enter the e-mail address of the person you are giving this plan to.',
  ReactivationTarget: 'Choose the subscription to reactivate.',
  NotReactivatable: 'Only a subscription whose renewal was cancelled, or which expired, can be reactivated.',
  StillActive: 'This subscription is active: there is nothing to reactivate.',
  CertificateNotEarned: 'Complete the course first: a certificate is sold for a course you have completed.',
  CertificateActive: 'You already have this certificate.',
  CertificateNotClaimable: 'This certificate cannot be claimed.',
  SeatsTarget: 'Choose the subscription to add seats to.',
  SeatsCount: `Enter a number of seats from ${MIN_SEATS_PER_PURCHASE} to ${MAX_SEATS_PER_PURCHASE}.`,
  CannotAddSeats: 'Seats cannot be added to this subscription.',
  SeatsAdminOnly: 'Only an admin of the organization can buy seats.',
  SubscriptionEnded: 'This subscription has ended: reactivate it before adding seats.',
  BusinessPlan: 'Choose a team or enterprise plan.',
  NotAnEnterpriseUpgrade:
    'Choose a higher tier, a longer term or more seats: an upgrade keeps at least the seats you have.',
  EnterpriseUpgradeTarget: 'Choose the organization subscription to upgrade.',
  SubscriptionAdminOnly: 'Only an admin of the organization can change its subscription.',
  EnterpriseStillActive: 'This subscription is running: upgrade it or add seats instead.',
  EnterpriseNotReactivatable: 'Only an organization subscription that ended can be reactivated.',
  /** Spec 001 §5: an e-mail already verified is sent to log in, or to use another work e-mail. */
  EmailAlreadyVerified:
    'This email is already verified. Please log in to buy, or create an account with another work email.',
} as const;
