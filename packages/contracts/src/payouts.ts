import { PayoutMethodKind, REFUND_REASON_MAX } from '@coderoom/domain';
import { z } from 'zod';

// Admin refunds, author payouts and student plans (issue 17; docs/commerce.md, docs/growth.md).
// Amounts are US dollars on the wire; the server counts in cents.

// ---- Admin refund screen: /admin/refunds ----

/** GET /api/admin/commerce/payments?q=: a payment id, or a learner's e-mail address. */
export const AdminPaymentSearchQuerySchema = z.strictObject({ q: z.string().trim().min(3).max(254) });

export const AdminPaymentSchema = z.object({
  payment_id: z.string(),
  user_id: z.number(),
  email: z.string().nullable(),
  item_title: z.string(),
  checkout_type: z.string(),
  status: z.string(),
  processor: z.string(),
  amount_usd: z.number(),
  charged_usd: z.number(),
  refunded_usd: z.number(),
  refundable_usd: z.number(),
  card_brand: z.string().nullable(),
  last_4: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentListSchema = z.object({ payments: z.array(AdminPaymentSchema) });
export type AdminPaymentList = z.infer<typeof AdminPaymentListSchema>;

export const AdminLedgerRowSchema = z.object({
  id: z.number(),
  entry_kind: z.enum(['charge', 'refund', 'chargeback']),
  amount_usd: z.number(),
  description: z.string(),
  reason: z.string().nullable(),
  actor_id: z.number().nullable(),
  processor_ref: z.string(),
  created_at: z.string(),
});
export type AdminLedgerRow = z.infer<typeof AdminLedgerRowSchema>;

export const AdminPaymentDetailSchema = z.object({
  payment: AdminPaymentSchema,
  ledger: z.array(AdminLedgerRowSchema),
});
export type AdminPaymentDetail = z.infer<typeof AdminPaymentDetailSchema>;

export const AdminPaymentParamsSchema = z.strictObject({ paymentId: z.string().min(1).max(100) });

/** POST /api/admin/commerce/payments/{id}/refunds: one press of the dialog's Refund button. */
export const AdminRefundRequestSchema = z.strictObject({
  /** Made by the dialog when it opens: the same request sent twice is one refund. */
  request_id: z.uuid(),
  amount_usd: z
    .number()
    .min(0.01)
    .max(1_000_000)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must be whole cents'),
  reason: z.string().trim().min(1).max(REFUND_REASON_MAX),
  revoke_access: z.boolean().optional(),
});
export type AdminRefundRequest = z.infer<typeof AdminRefundRequestSchema>;

export const AdminRefundResponseSchema = AdminPaymentDetailSchema.extend({
  /** True when this request had been carried out before (a double click): nothing more was refunded. */
  replayed: z.boolean(),
  access_revoked: z.boolean(),
});
export type AdminRefundResponse = z.infer<typeof AdminRefundResponseSchema>;

// ---- Author payouts ----

const payoutKinds = Object.values(PayoutMethodKind) as [PayoutMethodKind, ...PayoutMethodKind[]];

/** PUT /api/author/payout-methods: the provider's token for where the author is paid. */
export const PayoutMethodRequestSchema = z.strictObject({
  kind: z.enum(payoutKinds),
  token: z.string().trim().min(1).max(64),
  /** What the author calls it ("My PayPal"); shown back, never a number. */
  label: z.string().trim().max(60).optional(),
});
export type PayoutMethodRequest = z.infer<typeof PayoutMethodRequestSchema>;

export const PayoutMethodSchema = z.object({
  kind: z.enum(payoutKinds),
  /** The token with all but its last four characters hidden. */
  token_hint: z.string(),
  label: z.string().nullable(),
  updated_at: z.string(),
});
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;

export const PayoutStatementLineSchema = z.object({
  collection_id: z.number(),
  title: z.string(),
  reading_seconds: z.number(),
  reading_share_usd: z.number(),
  sales_net_usd: z.number(),
  sales_share_usd: z.number(),
});

export const PayoutStatementSchema = z.object({
  month: z.string(),
  total_usd: z.number(),
  reading_share_usd: z.number(),
  sales_share_usd: z.number(),
  /** The month's pool for all authors and its basis, so an author can check the arithmetic. */
  pool_usd: z.number(),
  net_subscription_revenue_usd: z.number(),
  total_reading_seconds: z.number(),
  computed_at: z.string(),
  lines: z.array(PayoutStatementLineSchema),
});
export type PayoutStatement = z.infer<typeof PayoutStatementSchema>;

/** GET /api/author/payouts: the author's payout method and monthly statements, newest first. */
export const AuthorPayoutsSchema = z.object({
  method: PayoutMethodSchema.nullable(),
  statements: z.array(PayoutStatementSchema),
  subscription_pool_percent: z.number(),
  sale_share_percent: z.number(),
});
export type AuthorPayouts = z.infer<typeof AuthorPayoutsSchema>;

// ---- Student plan: /github-students ----

export const StudentStartRequestSchema = z.strictObject({ school_email: z.email().max(254) });
export type StudentStartRequest = z.infer<typeof StudentStartRequestSchema>;

export const StudentConfirmRequestSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export type StudentConfirmRequest = z.infer<typeof StudentConfirmRequestSchema>;

export const StudentStatusSchema = z.object({
  /** none: nothing asked; pending: a code was sent; verified: the student plan was granted. */
  state: z.enum(['none', 'pending', 'verified']),
  school_email: z.string().nullable(),
  code_expires_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  plan_key: z.string(),
  plan_expires_at: z.string().nullable(),
});
export type StudentStatus = z.infer<typeof StudentStatusSchema>;
