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

/** What a certificate's page says about its state (docs/commerce.md "Certificates follow money"). */
export const CertificateStateName: Record<CertificateState, string> = {
  pending_verification: 'Pending verification',
  verification_failed: 'Verification failed',
  active: 'Active',
  revoked_by_admin: 'Revoked by an administrator',
  revoked_chargeback: 'Revoked: the payment for the course was disputed',
  revoked_return: 'Revoked: the course purchase was refunded',
  revoked_legal_name_change: 'Revoked: the learner changed their legal name',
  revoked_deletion: 'Revoked: the account was deleted',
};

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

// ---- Plans, entitlements and payments (docs/commerce.md) ----

/** The plan type of a plan bought by one person (plan keys such as 300-12-6000). */
export const UserPlanType = 6000;

export const FeatureSetName: Record<number, string> = {
  [FeatureSet.Basic]: 'Basic',
  [FeatureSet.Standard]: 'Standard',
  [FeatureSet.Work]: 'Work',
  [FeatureSet.Premium]: 'Premium',
  [FeatureSet.PremiumPlus]: 'Premium Plus',
};

export const TermName: Record<number, string> = {
  [Term.Monthly]: 'Monthly',
  [Term.Quarterly]: 'Quarterly',
  [Term.Annual]: 'Annual',
  [Term.Biennial]: 'Biennial',
};

/**
 * Whether a subscription's feature set opens content that needs `required`. Tiers are ordered by their
 * codes; premium plus counts as premium, so it opens everything premium opens (and more).
 */
export function featureSetCovers(held: number, required: number): boolean {
  return held >= required;
}

/** Statuses under which a subscription still opens content, until its expiry date. */
export const ENTITLING_STATUSES: readonly number[] = [
  SubscriptionStatus.Active,
  SubscriptionStatus.RenewalCancelled,
  SubscriptionStatus.PendingCancelled,
];

export const TRIAL_KINDS: readonly number[] = [
  SubscriptionKind.FreeTrial,
  SubscriptionKind.SelfInitiatedFreeTrial,
];

/** Checkout stages (spec 001 §2). */
export const CheckoutStage = {
  Checkout: 'checkout',
  SubscriptionTiles: 'subscription_tiles',
  ExternalTiles: 'external_tiles',
  TransactionCompleted: 'transaction_completed',
  TransactionFailure: 'transaction_failure',
  BusinessTiles: 'business_tiles',
} as const;
export type CheckoutStage = (typeof CheckoutStage)[keyof typeof CheckoutStage];

/** Checkout types this build sells; the others are recognised and answer that they are not on sale yet. */
export const SELLABLE_CHECKOUT_TYPES: readonly CheckoutType[] = [
  CheckoutType.SubscriptionBuy,
  CheckoutType.QuickBuy,
  CheckoutType.Upgrade,
  CheckoutType.Course,
  CheckoutType.TrialAvail,
  CheckoutType.QuickTrialAvail,
  CheckoutType.CouponPurchase,
];

export const TRIAL_CHECKOUT_TYPES: readonly CheckoutType[] = [
  CheckoutType.TrialAvail,
  CheckoutType.QuickTrialAvail,
];

/** Business checkouts without a plan start from the business tiles; the others from the subscription tiles or the form. */
export function firstStageFor(type: CheckoutType, hasPlan: boolean): CheckoutStage {
  const business: readonly CheckoutType[] = [
    CheckoutType.EnterpriseBuy,
    CheckoutType.EnterpriseUpgrade,
    CheckoutType.EnterpriseReactivation,
    CheckoutType.EnterpriseSeats,
    CheckoutType.LoggedOutEnterprisePurchase,
  ];
  // A business checkout with its plan (or its subscription, for seats) is the form; without, the tiles.
  if (business.includes(type)) return hasPlan ? CheckoutStage.Checkout : CheckoutStage.BusinessTiles;
  if (type === CheckoutType.Course || type === CheckoutType.Certificate) return CheckoutStage.Checkout;
  return hasPlan ? CheckoutStage.Checkout : CheckoutStage.SubscriptionTiles;
}

/**
 * Which checkout a plan offer opens (spec 001 §4 purchases): an existing current subscription gives an
 * upgrade; otherwise a buy, or a quick buy when the learner is not flagged for the full checkout.
 */
export function planCheckoutType(hasCurrentSubscription: boolean, quick: boolean): CheckoutType {
  if (hasCurrentSubscription) return CheckoutType.Upgrade;
  return quick ? CheckoutType.QuickBuy : CheckoutType.SubscriptionBuy;
}

/** The proration credit of an upgrade: the unused share of what the current term cost, in cents. */
export function prorationCreditCents(input: {
  paidCents: number;
  startsAt: Date;
  expiresAt: Date;
  now: Date;
}): number {
  const total = input.expiresAt.getTime() - input.startsAt.getTime();
  const left = input.expiresAt.getTime() - input.now.getTime();
  if (total <= 0 || left <= 0) return 0;
  return Math.floor((input.paidCents * Math.min(left, total)) / total);
}

export const CommerceMessages = {
  NotInSubscription: 'This lesson is not included in the subscription you have.',
  TransactionDeclined: 'Transaction declined...',
  CardDeclined:
    'Your card was declined. Please check your card details or choose another payment method, or contact support for a manual invoice.',
  CouldNotProcess: PaymentMessages.CouldNotProcess,
  ThreeDSecureFailed: 'The card issuer did not confirm this payment. Nothing was charged.',
  UnknownPlan: 'This plan does not exist.',
  NotPriced: 'This course is not sold on its own.',
  AlreadyOwned: 'You already have access to this course.',
  AlreadySubscribed: 'You already have an active subscription. Upgrade it instead.',
  NotAnUpgrade:
    'An upgrade needs an unexpired subscription and a plan with a higher feature set, or the same feature set for longer.',
  NotOnSale: 'This checkout is not available yet.',
  PaymentNotFound: 'This payment does not exist.',
  PaymentNotPending: 'This payment is not waiting for a confirmation.',
  InvalidCardNumber: 'Enter a valid card number.',
  InvalidExpiry: 'Enter a valid expiry date.',
  CardExpired: 'Your card has expired.',
  InvalidCvc: 'Enter the 3 or 4 digit security code.',
  IdempotencyConflict: 'This payment key was already used for another purchase.',
} as const;

/** Spec 001 §8 processor codes carried by a failed payment. */
export const PaymentFailureCode = {
  Declined: ProcessorCode.Declined,
  NetworkUnavailable: ProcessorCode.NetworkUnavailable,
  ThreeDSecureFailed: 'three_d_secure_failed',
  /** Braintree: a payment method nonce may be used once (spec 001 §8). */
  NonceConsumed: ProcessorCode.NonceConsumed,
  /** Braintree's transaction statuses of a refused sale (spec 001 §8): the bank, or the gateway's rules. */
  ProcessorDeclined: 'processor_declined',
  GatewayRejected: 'gateway_rejected',
  /** PayPal: this plan cannot renew through PayPal (spec 001 §5); the learner is offered PayPal Checkout. */
  PaypalRecurringNotAllowed: 'paypal_recurring_not_allowed',
} as const;

/** Renewal charges retried after a failure (past due 7010), one day apart, before the plan expires (7006). */
export const DUNNING_RETRIES = 3;
export const DUNNING_RETRY_DAYS = 1;

export const TrialMessages = {
  AlreadyAvailed: 'You have already used your free trial.',
  EmailPlusOneTrick:
    'A free trial is one per mailbox: this address is another name for a mailbox that already has an account.',
  CardReused: 'This card was already used for a free trial. Please buy a plan instead.',
  TrialSubscribed: 'You already have an active subscription.',
} as const;

/** The mailbox an address delivers to: the local part without its +tag, lower-cased (a+1@x → a@x). */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.toLowerCase();
  const local = email.slice(0, at).split('+')[0] ?? '';
  return `${local}@${email.slice(at + 1)}`.toLowerCase();
}

// ---- Settlement: webhooks, refunds, chargebacks and receipts (docs/commerce.md) ----

/** Seconds a signed webhook stays acceptable after the processor signed it (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const SettlementMessages = {
  BadSignature: 'The webhook signature could not be verified.',
  WebhooksOff: 'Webhooks are not configured for this processor.',
  AdminOnly: 'Only a platform administrator can refund a payment.',
  NotRefundable: 'Only a payment that charged money can be refunded.',
  RefundTooLarge: 'A refund cannot be more than what is left of the payment.',
  RefundAmount: 'Enter an amount of at least $0.01.',
  RefundFailed: 'The payment processor did not accept this refund. Nothing was refunded.',
  InvoiceNotFound: 'This invoice does not exist.',
} as const;

/** What a ledger row records (refunds and chargebacks carry negative amounts). */
export const LedgerEntryKind = { Charge: 'charge', Refund: 'refund', Chargeback: 'chargeback' } as const;
export type LedgerEntryKind = (typeof LedgerEntryKind)[keyof typeof LedgerEntryKind];

/** How the settings screens name a subscription's status (spec 001 §4 numbers). */
export const SubscriptionStatusName: Record<number, string> = {
  [SubscriptionStatus.Active]: 'Active',
  [SubscriptionStatus.RenewalCancelled]: 'Renewal cancelled',
  [SubscriptionStatus.Returned]: 'Refunded',
  [SubscriptionStatus.Pending]: 'Pending',
  [SubscriptionStatus.Expired]: 'Expired',
  [SubscriptionStatus.PendingCancelled]: 'Pending cancellation',
  [SubscriptionStatus.PastDue]: 'Past due',
};

/** The warnings shown with spec 001 §4's confirmation before a saved card is deleted. */
export const PaymentMethodDeleteWarnings = {
  Renewal:
    'Your subscription renews with this card. Without it, your next renewal will fail and your plan will lapse.',
  Trial: `Your ${TrialDays.B2c}-day free trial turns into your plan with this card. Without it, you will lose access when the trial ends.`,
} as const;

// ---- Coupons (docs/commerce.md "Coupons") ----

/** Checkout types a coupon can lower (nothing is charged at a trial's start, so trials take none). */
export const COUPON_CHECKOUT_TYPES: readonly CheckoutType[] = [
  CheckoutType.SubscriptionBuy,
  CheckoutType.QuickBuy,
  CheckoutType.Upgrade,
  CheckoutType.Course,
  CheckoutType.CouponPurchase,
  CheckoutType.Gift,
];

export const CouponMessages = {
  Unknown: 'This coupon code does not exist.',
  NotYetValid: 'This coupon is not valid yet.',
  Expired: 'This coupon has expired.',
  UsedUp: 'This coupon has been fully redeemed.',
  UsedByYou: 'You have already used this coupon.',
  NotForThisPlan: 'This coupon does not apply to this purchase.',
  NotForThisCheckout: 'A coupon cannot be used with this checkout.',
  ActionIdRequired: 'A coupon purchase needs the coupon code (action_id).',
  InvalidCode: 'Enter a coupon code of 3 to 40 letters, digits, - or _.',
} as const;

/** Coupon codes are compared in upper case; what a learner types is trimmed and upper-cased. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** What a coupon takes off a price in cents: a percent (rounded down) or an amount, never more than the price. */
export function couponDiscountCents(
  coupon: { percentOff: number | null; amountOffCents: number | null },
  priceCents: number,
): number {
  if (priceCents <= 0) return 0;
  if (coupon.percentOff !== null) return Math.floor((priceCents * coupon.percentOff) / 100);
  return Math.min(priceCents, coupon.amountOffCents ?? 0);
}

/** Why a coupon cannot be used now, or null: the validity window by the clock. */
export function couponWindowRefusal(
  coupon: { validFrom: Date | null; validUntil: Date | null },
  now: Date,
): string | null {
  if (coupon.validFrom && now < coupon.validFrom) return CouponMessages.NotYetValid;
  if (coupon.validUntil && now >= coupon.validUntil) return CouponMessages.Expired;
  return null;
}

/** The kinds of page the site-coupon banner is decided by (spec 001 §2 "Banners"). */
export const PathKind = {
  Content: 'content',
  Authoring: 'authoring',
  Checkout: 'checkout',
  Enterprise: 'enterprise',
  Discovery: 'discovery',
  Other: 'other',
} as const;
export type PathKind = (typeof PathKind)[keyof typeof PathKind];

const PATH_KIND_PREFIXES: ReadonlyArray<[string, PathKind]> = [
  ['/checkout', PathKind.Checkout],
  ['/order-confirmation', PathKind.Checkout],
  ['/enterprise', PathKind.Enterprise],
  ['/enterprise-dashboard', PathKind.Enterprise],
  ['/onboarding', PathKind.Enterprise],
  ['/manage', PathKind.Enterprise],
  ['/upskill', PathKind.Enterprise],
  ['/onboard', PathKind.Enterprise],
  ['/teach', PathKind.Authoring],
  ['/create', PathKind.Authoring],
  ['/create-answer', PathKind.Authoring],
  ['/answereditor', PathKind.Authoring],
  ['/collectioneditor', PathKind.Authoring],
  ['/patheditor', PathKind.Authoring],
  ['/pageeditor', PathKind.Authoring],
  ['/assessmenteditor', PathKind.Authoring],
  ['/projecteditor', PathKind.Authoring],
  ['/cloudlabeditor', PathKind.Authoring],
  ['/editor-page', PathKind.Authoring],
  ['/courses', PathKind.Content],
  ['/paths', PathKind.Content],
  ['/collection', PathKind.Content],
  ['/path', PathKind.Content],
  ['/module', PathKind.Content],
  ['/projects', PathKind.Content],
  ['/cloudlabs', PathKind.Content],
  ['/assessments', PathKind.Content],
  ['/answers', PathKind.Content],
  ['/explore', PathKind.Discovery],
  ['/unlimited', PathKind.Discovery],
  ['/pricing', PathKind.Discovery],
  ['/categories', PathKind.Discovery],
  ['/learning-plans', PathKind.Discovery],
  ['/individual-learner', PathKind.Discovery],
  ['/prepare-for-interview', PathKind.Discovery],
  ['/become-a-developer', PathKind.Discovery],
  ['/grow-my-skillset', PathKind.Discovery],
  ['/track', PathKind.Discovery],
  ['/m', PathKind.Discovery],
  ['/blog', PathKind.Discovery],
];

/** The kind of page a path is (the longest matching prefix; `/` is a discovery page). */
export function pathKindOf(pathname: string): PathKind {
  if (pathname === '/' || pathname === '') return PathKind.Discovery;
  // An author's draft or version history of a course is authoring, under a content address.
  if (/\/(draft|versions)$/.test(pathname)) return PathKind.Authoring;
  let best: [string, PathKind] | null = null;
  for (const entry of PATH_KIND_PREFIXES) {
    const [prefix] = entry;
    if (
      (pathname === prefix || pathname.startsWith(`${prefix}/`)) &&
      (!best || prefix.length > best[0].length)
    )
      best = entry;
  }
  return best ? best[1] : PathKind.Other;
}

/**
 * Whether the site-coupon banner shows on a kind of page: on discovery and content pages (where a learner
 * chooses what to learn or meets a priced lesson); hidden while authoring, at checkout (the coupon is a
 * field of the form there), on enterprise pages (organization plans take no B2C coupon) and elsewhere.
 */
export function siteCouponBannerShows(kind: PathKind): boolean {
  return kind === PathKind.Discovery || kind === PathKind.Content;
}
