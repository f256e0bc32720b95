import {
  CertificateState,
  type CheckoutType,
  EXTENDED_CHECKOUT_TYPES,
  LedgerEntryKind,
  SubscriptionKind,
  SubscriptionStatus,
  TRIAL_CHECKOUT_TYPES,
  TrialDays,
} from '@coderoom/domain';
import type { LedgerEntryRow, PaymentRow, SubscriptionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { CommerceErrors } from './commerce.errors.js';
import * as repo from './commerce.repository.js';
import * as coupons from './coupons.repository.js';

// Settlement: everything that moves money in the ledger and changes access with it, each in the caller's
// transaction. A charge grants what the payment bought; a refund or a chargeback is a new negative row and
// revokes (refund in full) or suspends (dispute) that access. Checkout, the webhooks and the admin refund
// all come through here, so the same payment is granted, refunded or charged back once however often it is
// reported: the payment row is locked first, and a processor's movement is unique in the ledger.

const DAY_MS = 86_400_000;

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export interface SettlementDeps {
  db: Db;
  clock: Clock;
  /** Schedules each granted subscription's renewal (renewals.service); absent, none is scheduled. */
  scheduleRenewal?: (tx: DbExecutor, subscription: SubscriptionRow, now: Date) => Promise<void>;
  /** Queues the e-mailed receipt of a charge (receipts.service), in the charge's transaction. */
  queueReceipt?: (tx: DbExecutor, entry: LedgerEntryRow) => Promise<void>;
  /**
   * Revokes the learner's certificate of a course whose purchase was refunded or charged back, in the
   * ledger row's transaction (progress.service `revokeCertificateIn`).
   */
  revokeCertificate?: (
    tx: DbExecutor,
    userId: number,
    collectionId: number,
    state: CertificateState,
    now: Date,
  ) => Promise<number>;
  /**
   * Marks the payer's referral credits this payment took as used, in the transaction of its ledger row
   * (growth's referrals `applyCreditIn`).
   */
  applyReferralCredit?: (tx: DbExecutor, payment: PaymentRow) => Promise<void>;
  /**
   * Gifts, reactivation, certificates, seats and enterprise purchases (extendedCheckouts.service): grants
   * what such a payment bought, and takes it back on a refund in full or a chargeback, in the ledger row's
   * transaction.
   */
  extended?: ExtendedSettlement;
}

export interface ExtendedSettlement {
  grantIn: (
    tx: DbExecutor,
    payment: PaymentRow,
    paymentMethodId: number,
    now: Date,
  ) => Promise<{ subscriptionId: number | null; patch?: Partial<repo.NewPayment> }>;
  revokeIn: (tx: DbExecutor, payment: PaymentRow, now: Date, cause: 'refund' | 'chargeback') => Promise<void>;
}

export interface Movement {
  /** The processor's id of this refund or dispute: recorded once. */
  ref: string;
  amountCents: number;
  actorId?: number;
  reason?: string;
}

/** What a payment charged and what has gone back since, from its ledger rows. */
export function balanceOf(entries: LedgerEntryRow[]) {
  const sum = (kind: LedgerEntryKind) =>
    entries
      .filter((entry) => entry.entryKind === kind)
      .reduce((total, entry) => total + entry.amountCents, 0);
  const charged = sum(LedgerEntryKind.Charge);
  const returned = -sum(LedgerEntryKind.Refund) - sum(LedgerEntryKind.Chargeback);
  return { charged, refunded: -sum(LedgerEntryKind.Refund), remaining: charged - returned };
}

export function createSettlementService(deps: SettlementDeps) {
  const { db, clock } = deps;

  /** Grants what a succeeded payment bought, with its ledger row; a second call grants nothing. */
  async function grantIn(
    tx: DbExecutor,
    paymentId: string,
    processorRef: string,
    methodRef?: string,
  ): Promise<PaymentRow> {
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment) throw CommerceErrors.paymentNotFound();
    if (payment.status === 'succeeded') return payment;
    const now = clock.now();
    const method = await repo.upsertPaymentMethod(tx, {
      userId: payment.userId,
      processor: payment.processor,
      brand: payment.cardBrand ?? 'card',
      last4: payment.cardLast4 ?? '',
      expMonth: payment.cardExpMonth ?? 0,
      expYear: payment.cardExpYear ?? 0,
      fingerprint: payment.cardFingerprint ?? '',
      processorRef: methodRef ?? null,
      createdAt: now,
    });
    const isTrial = TRIAL_CHECKOUT_TYPES.includes(payment.checkoutType as CheckoutType);
    let subscriptionId: number | null = null;
    let purchaseId: number | null = null;
    let patch: Partial<repo.NewPayment> = {};
    if (deps.extended && EXTENDED_CHECKOUT_TYPES.includes(payment.checkoutType as CheckoutType)) {
      ({ subscriptionId, patch = {} } = await deps.extended.grantIn(tx, payment, method.id, now));
    } else if (payment.collectionId !== null) {
      const purchase = await repo.insertPurchase(tx, {
        userId: payment.userId,
        collectionId: payment.collectionId,
        priceCents: payment.amountCents,
        createdAt: now,
      });
      purchaseId = purchase.id;
    } else {
      const plan = payment.planKey ? await repo.findPlan(tx, payment.planKey) : undefined;
      if (!plan) throw CommerceErrors.unknownPlan();
      if (payment.checkoutType === 'upgrade') {
        const [current] = await repo.findCurrentSubscriptions(
          tx,
          payment.userId,
          [
            SubscriptionStatus.Active,
            SubscriptionStatus.RenewalCancelled,
            SubscriptionStatus.PendingCancelled,
          ],
          now,
        );
        if (current) await repo.endSubscription(tx, current.id, SubscriptionStatus.Expired, now);
      }
      const subscription = await repo.insertSubscription(tx, {
        userId: payment.userId,
        planKey: plan.planKey,
        featureSet: plan.featureSet,
        validityMonths: plan.validityMonths,
        status: SubscriptionStatus.Active,
        kind: isTrial ? SubscriptionKind.FreeTrial : SubscriptionKind.Paid,
        // What the plan costs (a trial's first charge); an upgrade's first term cost what was paid.
        priceCents: isTrial ? plan.priceCents : payment.amountCents,
        // A lasting coupon (never expires) keeps taking its discount off every renewal.
        lastingDiscountCents: payment.couponNeverExpires ? payment.couponDiscountCents : 0,
        paymentProcessor: payment.processor,
        paymentMethodId: method.id,
        startsAt: now,
        expiresAt: isTrial
          ? new Date(now.getTime() + TrialDays.B2c * DAY_MS)
          : addMonths(now, plan.validityMonths),
        createdAt: now,
        updatedAt: now,
      });
      subscriptionId = subscription.id;
      await deps.scheduleRenewal?.(tx, subscription, now);
    }
    // The coupon's reserved redemption is redeemed with the grant (once: a second grant returned above).
    if (payment.couponCode) await coupons.markRedeemed(tx, payment.id, now);
    // A trial moves no money: no ledger row until its first charge.
    if (payment.amountCents > 0) {
      const entry = await repo.insertLedgerEntry(tx, {
        userId: payment.userId,
        entryKind: LedgerEntryKind.Charge,
        amountCents: payment.amountCents,
        paymentId: payment.id,
        subscriptionId,
        purchaseId,
        processor: payment.processor,
        processorRef,
        description: payment.itemTitle,
        createdAt: now,
      });
      await deps.queueReceipt?.(tx, entry);
      if (payment.referralCreditCents > 0) await deps.applyReferralCredit?.(tx, payment);
    }
    return repo.updatePayment(tx, payment.id, {
      ...patch,
      status: 'succeeded',
      processorRef,
      subscriptionId,
      purchaseId,
      updatedAt: now,
    });
  }

  /** A payment the processor refused: nothing charged, nothing granted (a succeeded one stays so). */
  async function failIn(tx: DbExecutor, paymentId: string, code: string, message: string) {
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment || payment.status === 'succeeded' || payment.status === 'failed') return payment;
    // Nothing was charged: the coupon's reserved place goes back.
    if (payment.couponCode) await coupons.release(tx, payment.id);
    return repo.updatePayment(tx, payment.id, {
      status: 'failed',
      failureCode: code,
      failureMessage: message,
      updatedAt: clock.now(),
    });
  }

  /** Ends what a payment bought: the subscription is returned (7003), the course purchase revoked. */
  async function revokeIn(tx: DbExecutor, payment: PaymentRow, now: Date) {
    if (payment.subscriptionId !== null) {
      const subscription = await repo.lockSubscription(tx, payment.subscriptionId);
      if (subscription && subscription.status !== SubscriptionStatus.Returned) {
        await repo.endSubscription(tx, subscription.id, SubscriptionStatus.Returned, now);
      }
    }
    if (payment.purchaseId !== null) {
      await repo.revokePurchase(tx, payment.purchaseId, now);
      // The certificate of a course follows the money that paid for it (spec 001 §4 "return").
      if (payment.collectionId !== null)
        await deps.revokeCertificate?.(
          tx,
          payment.userId,
          payment.collectionId,
          CertificateState.RevokedReturn,
          now,
        );
    }
    await deps.extended?.revokeIn(tx, payment, now, 'refund');
  }

  /**
   * A refund: a negative ledger row; refunded in full (or `revoke`), access ends in the same transaction.
   * `strict` refuses more than what is left (an admin's request); a processor's report is recorded as it
   * is, up to what is left. Undefined when this refund was already recorded.
   */
  async function refundIn(
    tx: DbExecutor,
    paymentId: string,
    movement: Movement,
    options: { strict: boolean; revoke?: boolean },
  ): Promise<LedgerEntryRow | undefined> {
    const payment = await repo.lockPayment(tx, paymentId);
    if (!payment) throw CommerceErrors.paymentNotFound();
    const entries = await repo.findLedgerOfPayment(tx, payment.id);
    const now = clock.now();
    // Recorded already (the processor's webhook and the admin's request report the same refund).
    if (
      entries.some(
        (entry) => entry.entryKind === LedgerEntryKind.Refund && entry.processorRef === movement.ref,
      )
    ) {
      if (options.revoke) await revokeIn(tx, payment, now);
      return undefined;
    }
    const balance = balanceOf(entries);
    if (payment.status !== 'succeeded' || balance.charged <= 0) {
      throw CommerceErrors.notRefundable();
    }
    if (options.strict && movement.amountCents > balance.remaining) {
      throw CommerceErrors.refundTooLarge();
    }
    const amount = Math.min(movement.amountCents, balance.remaining);
    if (amount <= 0) return undefined;
    const entry = await repo.insertLedgerEntryOnce(tx, {
      userId: payment.userId,
      entryKind: LedgerEntryKind.Refund,
      amountCents: -amount,
      paymentId: payment.id,
      subscriptionId: payment.subscriptionId,
      purchaseId: payment.purchaseId,
      processor: payment.processor,
      processorRef: movement.ref,
      description: `Refund: ${payment.itemTitle}`,
      actorId: movement.actorId ?? null,
      reason: movement.reason ?? null,
      createdAt: now,
    });
    if (entry && (options.revoke || amount === balance.remaining)) await revokeIn(tx, payment, now);
    return entry;
  }

  /** A dispute: the disputed amount leaves the ledger and what the payment bought is suspended. */
  async function chargebackIn(
    tx: DbExecutor,
    paymentId: string,
    movement: Movement,
  ): Promise<LedgerEntryRow | undefined> {
    const payment = await repo.lockPayment(tx, paymentId);
    if (payment?.status !== 'succeeded') return undefined;
    const now = clock.now();
    const entry = await repo.insertLedgerEntryOnce(tx, {
      userId: payment.userId,
      entryKind: LedgerEntryKind.Chargeback,
      amountCents: -movement.amountCents,
      paymentId: payment.id,
      subscriptionId: payment.subscriptionId,
      purchaseId: payment.purchaseId,
      processor: payment.processor,
      processorRef: movement.ref,
      description: `Chargeback: ${payment.itemTitle}`,
      createdAt: now,
    });
    if (!entry) return undefined;
    if (payment.subscriptionId !== null) await repo.suspendSubscription(tx, payment.subscriptionId, now);
    if (payment.purchaseId !== null) {
      await repo.suspendPurchase(tx, payment.purchaseId, now);
      if (payment.collectionId !== null)
        await deps.revokeCertificate?.(
          tx,
          payment.userId,
          payment.collectionId,
          CertificateState.RevokedChargeback,
          now,
        );
    }
    await deps.extended?.revokeIn(tx, payment, now, 'chargeback');
    return entry;
  }

  return {
    grantIn,
    failIn,
    refundIn,
    chargebackIn,
    grant: (paymentId: string, processorRef: string, methodRef?: string) =>
      db.transaction((tx) => grantIn(tx, paymentId, processorRef, methodRef)),
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
