import type { Payment, Plan } from '@coderoom/contracts';
import { discountPercent, FeatureSetName, TermName } from '@coderoom/domain';
import type { LedgerEntryRow, PaymentRow, SubscriptionPlanRow, SubscriptionRow } from '../../db/schema.js';

// Rows to contract shapes. The server counts cents; answers carry dollars.

export const usd = (cents: number): number => Math.round(cents) / 100;

export function planTitle(plan: Pick<SubscriptionPlanRow, 'featureSet' | 'validityMonths'>): string {
  return `${FeatureSetName[plan.featureSet] ?? 'Plan'} ${TermName[plan.validityMonths] ?? `${plan.validityMonths} months`}`;
}

export function presentPlan(plan: SubscriptionPlanRow): Plan {
  return {
    plan_key: plan.planKey,
    feature_set_type: plan.featureSet,
    feature_set_name: FeatureSetName[plan.featureSet] ?? String(plan.featureSet),
    validity_months: plan.validityMonths,
    term_name: TermName[plan.validityMonths] ?? `${plan.validityMonths} months`,
    subscription_plan_type: plan.planType,
    price_usd: usd(plan.priceCents),
    monthly_price_usd: usd(plan.monthlyPriceCents),
    monthly_discounted_price: usd(plan.monthlyDiscountedPriceCents),
    special_discount: plan.specialDiscount,
    discount_percent: discountPercent({
      specialDiscount: plan.specialDiscount,
      monthlyPrice: plan.monthlyPriceCents,
      monthlyDiscountedPrice: plan.monthlyDiscountedPriceCents,
    }),
  };
}

export function presentPayment(payment: PaymentRow): Payment {
  return {
    payment_id: payment.id,
    status: payment.status,
    checkout_type: payment.checkoutType,
    total_price_usd: usd(payment.amountCents),
    credit_amount_usd: -usd(payment.creditCents + payment.referralCreditCents),
    coupons: payment.couponCode ? [{ coupon_code: payment.couponCode }] : [],
    coupon: payment.couponCode
      ? {
          coupon_code: payment.couponCode,
          discount_never_expires: payment.couponNeverExpires,
          coupon_discount_usd: -usd(payment.couponDiscountCents),
        }
      : null,
    item_title: payment.itemTitle,
    plan_key: payment.planKey,
    collection_id: payment.collectionId,
    card_brand: payment.cardBrand,
    last_4: payment.cardLast4,
    failure_code: payment.failureCode,
    failure_message: payment.failureMessage,
    created_at: payment.createdAt.toISOString(),
    gift_email: payment.giftEmail,
    seats: payment.seatCount,
    organization_subscription_id: payment.organizationSubscriptionId,
  };
}

export function presentSubscription(subscription: SubscriptionRow) {
  return {
    subscription_id: subscription.id,
    plan_key: subscription.planKey,
    feature_set_type: subscription.featureSet,
    validity_months: subscription.validityMonths,
    status: subscription.status,
    kind: subscription.kind,
    start_date: subscription.startsAt.toISOString(),
    expiration_date: subscription.expiresAt.toISOString(),
    price_usd: usd(subscription.priceCents),
  };
}

export function presentLedgerEntry(entry: LedgerEntryRow) {
  return {
    id: entry.id,
    entry_kind: entry.entryKind,
    amount_usd: usd(entry.amountCents),
    currency: entry.currency,
    description: entry.description,
    created_at: entry.createdAt.toISOString(),
  };
}
