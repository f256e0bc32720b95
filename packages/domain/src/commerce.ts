// Spec 001 §1–§9: subscriptions, plans, checkout, trials, certificates.

export const SubscriptionStatus = {
  Active: 7001,
  RenewalCancelled: 7002,
  Returned: 7003,
  Pending: 7004,
  Expired: 7006,
  PendingCancelled: 7007,
  PastDue: 7010,
} as const;
export const SubscriptionStatusSimple = { Active: 8001, Pending: 8002, Cancelled: 8003 } as const;
export const SubscriptionValidity = { Active: 7001, Expired: 7002 } as const;
export const ActivityStatus = { Active: 9001, Inactive: 9002 } as const;

export const SubscriptionKind = {
  Paid: 7001,
  FreeTrial: 7002,
  SelfInitiatedFreeTrial: 7003,
  SelfCheckout: 7004,
} as const;

export const FeatureSet = { Basic: 100, Standard: 200, Work: 250, Premium: 300, PremiumPlus: 400 } as const;
export type FeatureSet = (typeof FeatureSet)[keyof typeof FeatureSet];

export function isPremium(featureSet: number): boolean {
  return featureSet === FeatureSet.Premium || featureSet === FeatureSet.PremiumPlus;
}

export const Term = { Monthly: 1, Quarterly: 3, Annual: 12, Biennial: 24 } as const;

export const BusinessTier = {
  Team: 6001,
  Enterprise: 6003,
  EnterprisePlus: 6004,
  EnterpriseTeam: 6005,
  EnterpriseStartup: 6006,
  EnterpriseFreemium: 6999,
} as const;

export const PlanKind = { Onboarding: 7001, UpSkilling: 7002, Explore: 7003 } as const;

export interface PlanKey {
  featureSet: number;
  validityMonths: number;
  planType: number;
}

/** Plan keys look like 300-12-6000: featureSet-validityMonths-planType. */
export function parsePlanKey(key: string): PlanKey | null {
  const match = /^(\d+)-(\d+)-(\d+)$/.exec(key);
  if (!match) return null;
  return { featureSet: Number(match[1]), validityMonths: Number(match[2]), planType: Number(match[3]) };
}

export function formatPlanKey(plan: PlanKey): string {
  return `${plan.featureSet}-${plan.validityMonths}-${plan.planType}`;
}

export const CheckoutType = {
  SubscriptionBuy: 'subscription_buy',
  Gift: 'gift',
  Upgrade: 'upgrade',
  Downgrade: 'downgrade',
  QuickBuy: 'quick_buy',
  Reactivation: 'reactivation',
  TrialAvail: 'trial_avail',
  QuickTrialAvail: 'quick_trial_avail',
  EnterpriseBuy: 'enterprise_buy',
  EnterpriseUpgrade: 'enterprise_upgrade',
  EnterpriseReactivation: 'enterprise_reactivation',
  TeamBuy: 'team_buy',
  TeamSeats: 'team_seats',
  TeamReactivation: 'team_reactivation',
  Course: 'course',
  Certificate: 'certificate',
  EnterpriseSeats: 'enterprise_seats',
  CouponPurchase: 'coupon_purchase',
  LoggedOutEnterprisePurchase: 'logged_out_enterprise_purchase',
} as const;
export type CheckoutType = (typeof CheckoutType)[keyof typeof CheckoutType];

export const UNEXPECTED_CHECKOUT_TYPE = 'Unexpected checkout type';

const TEAM_TO_ENTERPRISE: Partial<Record<CheckoutType, CheckoutType>> = {
  team_reactivation: CheckoutType.EnterpriseReactivation,
  team_seats: CheckoutType.EnterpriseSeats,
  team_buy: CheckoutType.EnterpriseBuy,
};

/** Normalises a checkout type from a URL; team types map to their enterprise equivalents. */
export function checkoutTypeFor(value: string): CheckoutType {
  const known = Object.values(CheckoutType) as string[];
  if (!known.includes(value)) throw new Error(UNEXPECTED_CHECKOUT_TYPE);
  const type = value as CheckoutType;
  return TEAM_TO_ENTERPRISE[type] ?? type;
}

export const TrialDays = { Enterprise: 14, B2c: 7 } as const;
export const TrialOutcome = {
  Success: 'trial_success',
  EmailPlusOneTrick: 'email_plus_one_trick',
  CardReused: 'card_reused',
  QuickTrialSuccess: 'quick_trial_success',
} as const;

export interface CurrentSubscription {
  featureSet: number;
  validityMonths: number;
  expired: boolean;
}

/** An upgrade: the current plan is unexpired and the offer has a higher feature set, or the same with longer validity. */
export function isUpgrade(current: CurrentSubscription | null, offered: PlanKey): boolean {
  if (!current || current.expired) return false;
  if (offered.featureSet > current.featureSet) return true;
  return offered.featureSet === current.featureSet && offered.validityMonths > current.validityMonths;
}

export const CallToAction = {
  Upgrade: 'Upgrade Now',
  StartTrial: 'Start Free Trial',
  Buy: 'Buy Now',
} as const;

/** The special discount if present, else the drop in monthly price as a percentage, never below 0. */
export function discountPercent(input: {
  specialDiscount?: number | null;
  monthlyPrice: number;
  monthlyDiscountedPrice: number;
}): number {
  if (input.specialDiscount) return input.specialDiscount;
  if (input.monthlyPrice <= 0) return 0;
  return Math.max(
    0,
    Math.floor(((input.monthlyPrice - input.monthlyDiscountedPrice) / input.monthlyPrice) * 100),
  );
}

/** Price plus credit, coupon discount (unless it never expires) and upgrade discount (spec 001 §5). */
export function totalPrice(input: {
  price: number;
  credit: number;
  couponDiscount: number;
  couponNeverExpires: boolean;
  upgradeDiscount: number;
}): number {
  return (
    input.price + input.credit + (input.couponNeverExpires ? 0 : input.couponDiscount) + input.upgradeDiscount
  );
}

export const PAYPAL_INR_UPPER_LIMIT = 15_000;

export function canUsePaypalRecurring(input: {
  featureEnabled: boolean;
  planType: 'user' | 'external' | 'enterprise_team';
  validityMonths: number;
  priceInInr: number;
  upperLimit?: number;
}): boolean {
  return (
    input.featureEnabled &&
    input.planType === 'user' &&
    (input.validityMonths === 1 || input.validityMonths === 12) &&
    input.priceInInr < (input.upperLimit ?? PAYPAL_INR_UPPER_LIMIT)
  );
}

export const PaymentProcessor = ['braintree', 'stripe', 'razorpay'] as const;
export const ProcessorCode = { Declined: 2000, NetworkUnavailable: 3000, NonceConsumed: 93107 } as const;

export const CertificateState = {
  PendingVerification: 'pending_verification',
  VerificationFailed: 'verification_failed',
  Active: 'active',
  RevokedByAdmin: 'revoked_by_admin',
  RevokedChargeback: 'revoked_chargeback',
  RevokedReturn: 'revoked_return',
  RevokedLegalNameChange: 'revoked_legal_name_change',
  RevokedDeletion: 'revoked_deletion',
} as const;
export type CertificateState = (typeof CertificateState)[keyof typeof CertificateState];

/** Active → view; revoked by admin or pending verification → nothing; otherwise claim (by e-mail when from_email). */
export function certificateAction(
  state: CertificateState,
  fromEmail: boolean,
): 'view' | 'claim' | 'claim_email' | null {
  if (state === CertificateState.Active) return 'view';
  if (state === CertificateState.RevokedByAdmin || state === CertificateState.PendingVerification)
    return null;
  return fromEmail ? 'claim_email' : 'claim';
}

export const PaymentMessages = {
  NoPaymentMethod: 'No payment method is available.',
  CouldNotProcess: 'Could not process your request at the moment',
  RecurringMethodNotFound: 'Payment Method against the recurring subscription not found',
  TryPaypal: 'Please try PayPal Checkout for a smoother experience',
  DeleteMethodConfirm: 'Once deleted, this payment method cannot be recovered...',
} as const;

export const REFERRER_TEXT_MAX = 512;
export const CLICK_ID_TTL_DAYS = 7;
export const QUEUED_EVENT_TTL_DAYS = 7;
