import { z } from 'zod';

// Commerce: plans, offers, checkout and payments (spec 001 §2–§5, §7–§8; docs/commerce.md). Amounts are
// US dollars with two decimals in answers (the client shows them); the server counts in cents.

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const planKey = z.string().regex(/^\d{3}-\d{1,2}-\d{4}$/, 'must look like 300-12-6000');

export const PlanSchema = z.object({
  plan_key: z.string(),
  feature_set_type: z.number(),
  feature_set_name: z.string(),
  validity_months: z.number(),
  term_name: z.string(),
  subscription_plan_type: z.number(),
  price_usd: z.number(),
  monthly_price_usd: z.number(),
  monthly_discounted_price: z.number(),
  special_discount: z.number().nullable(),
  discount_percent: z.number(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlansResponseSchema = z.object({ plans: z.array(PlanSchema) });
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

export const CallToActionSchema = z.object({
  label: z.string(),
  checkout_url: z.string(),
});

/** GET /api/commerce/offer/{authorId}/{collectionId}: what opens a priced course for the caller. */
export const CourseOfferSchema = z.object({
  course_title: z.string(),
  is_free: z.boolean(),
  is_priced: z.boolean(),
  has_access: z.boolean(),
  course_price_usd: z.number().nullable(),
  min_feature_set: z.number(),
  min_feature_set_name: z.string(),
  offered_plan: PlanSchema.nullable(),
  actions: z.array(CallToActionSchema),
});
export type CourseOffer = z.infer<typeof CourseOfferSchema>;

export const OfferParamsSchema = z.strictObject({ authorId: id, collectionId: id });

export const CheckoutParamsSchema = z.strictObject({ checkoutType: z.string().min(1).max(64) });

export const CheckoutQuerySchema = z.strictObject({
  plan: planKey.optional(),
  author_id: id.optional(),
  collection_id: id.optional(),
  subscription_id: id.optional(),
  receiver_id: id.optional(),
  action_id: z.string().max(128).optional(),
  coupon_code: z.string().trim().min(1).max(64).optional(),
  /** Seats and enterprise purchases: how many seats (checked by the service, spec 001 §5 limits). */
  seats: z.coerce.number().int().optional(),
});
export type CheckoutQuery = z.infer<typeof CheckoutQuerySchema>;

/**
 * A coupon applied to an order (spec 001 §3 payment state `coupon`): a lasting discount (never expires)
 * is already taken off the price, so the total leaves it out (001 §5).
 */
export const AppliedCouponSchema = z.object({
  coupon_code: z.string(),
  description: z.string(),
  discount_never_expires: z.boolean(),
  coupon_discount_usd: z.number(),
});
export type AppliedCoupon = z.infer<typeof AppliedCouponSchema>;

/** The coupon a payment used, as its receipt shows it. */
export const PaymentCouponSchema = AppliedCouponSchema.omit({ description: true });

/** GET /api/commerce/checkout/{checkoutType}: the order the form will pay for. */
export const CheckoutQuoteSchema = z.object({
  checkout_type: z.string(),
  stage: z.string(),
  is_on_sale: z.boolean(),
  item_title: z.string(),
  plan: PlanSchema.nullable(),
  collection_id: z.number().nullable(),
  author_id: z.number().nullable(),
  price_usd: z.number(),
  credit_amount_usd: z.number(),
  coupon: AppliedCouponSchema.nullable(),
  total_price_usd: z.number(),
  /** Seats and enterprise purchases: the seats priced (for the time left of the term, for seats). */
  seats: z.number().nullable().optional(),
  /** Reactivation and seats: the subscription the order is for. */
  subscription_id: z.number().nullable().optional(),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuoteSchema>;

const cardNumber = z.string().max(32);

export const CardSchema = z.strictObject({
  number: cardNumber,
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  cvc: z.string().max(8),
  name: z.string().trim().min(1, 'is required').max(200),
});

/** POST /api/commerce/checkout/{checkoutType}: pays with a card through the configured processor. */
export const PayRequestSchema = z.strictObject({
  plan: planKey.optional(),
  author_id: id.optional(),
  collection_id: id.optional(),
  action_id: z.string().max(128).optional(),
  coupon_code: z.string().trim().min(1).max(64).optional(),
  /** A gift: the receiver's address (the code is e-mailed there). */
  gift_email: z.string().trim().max(254).optional(),
  /** Reactivation: the learner's subscription; seats: the organization subscription. */
  subscription_id: id.optional(),
  seats: z.number().int().optional(),
  /** An enterprise purchase: the organization it creates. */
  company_name: z.string().max(200).optional(),
  /** The logged-out enterprise purchase: the buyer's work e-mail (their account) and name. */
  email: z.string().trim().max(254).optional(),
  full_name: z.string().trim().max(100).optional(),
  card: CardSchema,
  /** The client's key for this attempt (a fresh one per Pay press): a repeat answers the same payment. */
  idempotency_key: z.string().min(8).max(128),
});
export type PayRequest = z.infer<typeof PayRequestSchema>;

export const PaymentStatusSchema = z.enum(['processing', 'requires_action', 'succeeded', 'failed']);

export const PaymentSchema = z.object({
  payment_id: z.string(),
  status: PaymentStatusSchema,
  checkout_type: z.string(),
  total_price_usd: z.number(),
  credit_amount_usd: z.number(),
  /** Spec 001 §3 transaction: coupons[].coupon_code. */
  coupons: z.array(z.object({ coupon_code: z.string() })),
  coupon: PaymentCouponSchema.nullable(),
  item_title: z.string(),
  plan_key: z.string().nullable(),
  collection_id: z.number().nullable(),
  card_brand: z.string().nullable(),
  last_4: z.string().nullable(),
  failure_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  created_at: z.string(),
  /** A gift: the receiver's address; seats and enterprise purchases: the seats and the subscription. */
  gift_email: z.string().nullable().optional(),
  seats: z.number().nullable().optional(),
  organization_subscription_id: z.number().nullable().optional(),
  /** Spec 001 §3 transaction: the logged-out enterprise purchase made (or used) an unclaimed account. */
  is_new_user: z.boolean().optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const SubscriptionParamsSchema = z.strictObject({ subscriptionId: id });

export const PaymentParamsSchema = z.strictObject({ paymentId: z.string().min(1).max(64) });

/** POST /api/commerce/payments/{paymentId}/confirm: the 3-D Secure step's answer. */
export const ConfirmPaymentRequestSchema = z.strictObject({
  approved: z.boolean(),
  /** What Razorpay Checkout handed the browser for this payment (docs/commerce.md "Razorpay"). */
  razorpay_payment_id: z
    .string()
    .regex(/^pay_[A-Za-z0-9]{1,40}$/)
    .optional(),
  razorpay_signature: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

export const SubscriptionSummarySchema = z.object({
  subscription_id: z.number(),
  plan_key: z.string(),
  feature_set_type: z.number(),
  validity_months: z.number(),
  status: z.number(),
  kind: z.number(),
  start_date: z.string(),
  expiration_date: z.string(),
  price_usd: z.number(),
});

export const LedgerEntrySchema = z.object({
  id: z.number(),
  entry_kind: z.string(),
  amount_usd: z.number(),
  currency: z.string(),
  description: z.string(),
  created_at: z.string(),
});

/** GET /api/user/subscriptions-status (spec 001 §7, shape ours). */
export const SubscriptionsStatusSchema = z.object({
  is_user_subscribed: z.boolean(),
  subscriptions: z.array(SubscriptionSummarySchema),
  ledger: z.array(LedgerEntrySchema),
});
export type SubscriptionsStatus = z.infer<typeof SubscriptionsStatusSchema>;

/** A saved card: never its number (spec 001 §3 "Payment method": masked number, card type, last 4). */
export const PaymentMethodSchema = z.object({
  id: z.number(),
  source_card_type: z.string(),
  last_4: z.string(),
  masked_number: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
  /** Renews one of the caller's current subscriptions. */
  is_selected: z.boolean(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PaymentMethodsResponseSchema = z.object({ payment_methods: z.array(PaymentMethodSchema) });
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponseSchema>;

export const AddPaymentMethodRequestSchema = z.strictObject({ card: CardSchema });
export type AddPaymentMethodRequest = z.infer<typeof AddPaymentMethodRequestSchema>;

export const PaymentMethodParamsSchema = z.strictObject({ paymentMethodId: id });

export const SelectPaymentMethodRequestSchema = z.strictObject({ payment_method_id: id });

// ---- Settlement: billing history, invoices, refunds, webhooks (docs/commerce.md) ----

/** One ledger row as the learner's billing history shows it, with its invoice (a PDF). */
export const BillingEntrySchema = z.object({
  id: z.number(),
  entry_kind: z.enum(['charge', 'refund', 'chargeback']),
  amount_usd: z.number(),
  currency: z.string(),
  description: z.string(),
  card_brand: z.string().nullable(),
  last_4: z.string().nullable(),
  created_at: z.string(),
  invoice_url: z.string(),
});
export type BillingEntry = z.infer<typeof BillingEntrySchema>;

export const BillingHistorySchema = z.object({ entries: z.array(BillingEntrySchema) });
export type BillingHistory = z.infer<typeof BillingHistorySchema>;

export const InvoiceParamsSchema = z.strictObject({ entryId: id });

/** POST /api/admin/commerce/payments/{paymentId}/refund: the whole remainder unless an amount is given. */
export const RefundRequestSchema = z.strictObject({
  amount_usd: z
    .number()
    .min(0.01)
    .max(1_000_000)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must be whole cents')
    .optional(),
  reason: z.string().trim().max(500).optional(),
  /** Ends access after a partial refund too (a full refund always ends it). */
  revoke_access: z.boolean().optional(),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const RefundResponseSchema = z.object({
  payment_id: z.string(),
  refunded_usd: z.number(),
  remaining_usd: z.number(),
  access_revoked: z.boolean(),
});
export type RefundResponse = z.infer<typeof RefundResponseSchema>;

export const WebhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookAck = z.infer<typeof WebhookAckSchema>;

// ---- Coupons (docs/commerce.md "Coupons"; spec 001 §7 GET /api/coupon/…) ----

export const CouponCodeParamsSchema = z.strictObject({ code: z.string().trim().min(1).max(64) });

/** GET /api/coupon/{code}: what a coupon gives, for the checkout's coupon field. */
export const CouponSchema = z.object({
  coupon_code: z.string(),
  description: z.string(),
  percent_off: z.number().nullable(),
  amount_off_usd: z.number().nullable(),
  discount_never_expires: z.boolean(),
  valid_until: z.string().nullable(),
  plan_keys: z.array(z.string()).nullable(),
  applies_to_courses: z.boolean(),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** GET /api/coupon/site: the site coupon's banner (spec 001 §7 "site coupon fetch (response banner)"). */
export const SiteCouponBannerSchema = z.object({
  banner: z
    .object({
      coupon_code: z.string(),
      text: z.string(),
      checkout_url: z.string(),
      valid_until: z.string().nullable(),
    })
    .nullable(),
});
export type SiteCouponBanner = z.infer<typeof SiteCouponBannerSchema>;

/** POST /api/commerce/gifts/redeem: a signed-in receiver redeems a gift code (docs/commerce.md "Gifts"). */
export const RedeemGiftRequestSchema = z.strictObject({ code: z.string().max(64) });
export type RedeemGiftRequest = z.infer<typeof RedeemGiftRequestSchema>;

export const GiftSchema = z.object({
  code: z.string().nullable(),
  state: z.enum(['unredeemed', 'redeemed', 'revoked']),
  plan_key: z.string(),
  item_title: z.string(),
  receiver_email: z.string(),
  redeemed_at: z.string().nullable(),
  subscription_id: z.number().nullable(),
  created_at: z.string(),
});
export type Gift = z.infer<typeof GiftSchema>;

/** GET /api/commerce/gifts: the gifts the caller bought (codes shown to the buyer until redeemed). */
export const GiftsResponseSchema = z.object({ gifts: z.array(GiftSchema) });
export type GiftsResponse = z.infer<typeof GiftsResponseSchema>;
