import { randomBytes } from 'node:crypto';
import {
  CommerceMessages,
  DUNNING_RETRIES,
  DUNNING_RETRY_DAYS,
  ErrorStatus,
  PRODUCT_NAME,
  SubscriptionKind,
  SubscriptionStatus,
  TRIAL_KINDS,
} from '@coderoom/domain';
import type { LedgerEntryRow, PaymentRow, SubscriptionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { planTitle } from './commerce.presenter.js';
import * as repo from './commerce.repository.js';
import type { PaymentProcessorAdapter } from './payments.processor.js';
import { addMonths } from './settlement.service.js';

// Renewal, dunning and expiry, run by the job worker when a subscription's term ends (docs/commerce.md):
// an active subscription (or a trial) is charged on its saved card and runs for another term; a declined
// charge makes it past due (7010) and is retried daily, DUNNING_RETRIES times, before it expires (7006);
// a cancelled renewal (7002) expires at the end of its term without a charge.

/** Job kind: look at one subscription whose term has ended (payload: subscriptionId). */
export const RENEW_SUBSCRIPTION_JOB = 'commerce.renew_subscription';
/** Job kind: tell a trial's learner, before the first charge, what will be charged and when. */
export const TRIAL_REMINDER_JOB = 'commerce.trial_reminder';
/** The reminder goes this long before a trial's end (spec 001 §4 asks for one before the first charge). */
export const TRIAL_REMINDER_DAYS_BEFORE = 2;

const DAY_MS = 86_400_000;

export const RenewalMessages = {
  NotYours: 'This subscription does not exist.',
  NotCancellable: 'Only an active subscription can have its renewal cancelled.',
  NotReactivable:
    'Only a subscription whose renewal was cancelled, and that has not expired, can be reactivated.',
} as const;

export interface RenewalsDeps {
  db: Db;
  clock: Clock;
  processor: PaymentProcessorAdapter;
  jobs: JobQueue;
  mailer: Mailer;
  /** Queues the e-mailed receipt of a renewal charge, in its transaction (receipts.service). */
  queueReceipt?: (tx: DbExecutor, entry: LedgerEntryRow) => Promise<void>;
  /** The learner's referral credit a renewal takes off, and marking it used with the ledger row (growth). */
  referralCredit?: {
    creditFor(userId: number, totalCents: number): Promise<number>;
    applyCreditIn(tx: DbExecutor, payment: PaymentRow): Promise<void>;
  };
}

function payloadId(payload: unknown): number | null {
  const id = (payload as { subscriptionId?: unknown } | null)?.subscriptionId;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

export function createRenewalsService({
  db,
  clock,
  processor,
  jobs,
  mailer,
  queueReceipt,
  referralCredit,
}: RenewalsDeps) {
  async function schedule(
    tx: DbExecutor,
    subscription: SubscriptionRow,
    now: Date,
    at = subscription.expiresAt,
  ) {
    await jobs.enqueue(
      tx,
      RENEW_SUBSCRIPTION_JOB,
      { subscriptionId: subscription.id },
      { delayMs: Math.max(0, at.getTime() - now.getTime()) },
    );
    if (TRIAL_KINDS.includes(subscription.kind) && at === subscription.expiresAt) {
      const remindAt = subscription.expiresAt.getTime() - TRIAL_REMINDER_DAYS_BEFORE * DAY_MS;
      await jobs.enqueue(
        tx,
        TRIAL_REMINDER_JOB,
        { subscriptionId: subscription.id },
        { delayMs: Math.max(0, remindAt - now.getTime()) },
      );
    }
  }

  /** Sent while the trial is still a trial that will renew (a cancelled one is not charged). */
  async function remindTrial(subscriptionId: number): Promise<void> {
    const subscription = await repo.findSubscription(db, subscriptionId);
    if (!subscription || !TRIAL_KINDS.includes(subscription.kind)) return;
    if (subscription.status !== SubscriptionStatus.Active || subscription.expiresAt <= clock.now()) return;
    const plan = await repo.findPlan(db, subscription.planKey);
    const email = await repo.findUserEmail(db, subscription.userId);
    if (!plan || !email) return;
    const ends = subscription.expiresAt.toISOString().slice(0, 10);
    const price = `$${(plan.priceCents / 100).toFixed(2)}`;
    await mailer.send({
      to: email,
      subject: `Your ${PRODUCT_NAME} free trial ends on ${ends}`,
      text: `Hi,\n\nYour free trial of ${planTitle(plan)} ends on ${ends}. Unless you cancel before then, your card will be charged ${price} and your plan will continue.\n\nYou can cancel your plan's renewal at any time before that date.\n`,
    });
  }

  /** The term ended: charge the saved card, or record the failure; safe to run twice. */
  async function renew(subscriptionId: number): Promise<void> {
    const subscription = await repo.findSubscription(db, subscriptionId);
    if (!subscription) return;
    const now = clock.now();
    const pastDue = subscription.status === SubscriptionStatus.PastDue;
    // Extended since this job was queued (a renewal already ran): the next job is queued for the new end.
    if (!pastDue && subscription.expiresAt > now) return;
    // A disputed (suspended) plan is not charged again: it ends with its term.
    if (
      subscription.status === SubscriptionStatus.RenewalCancelled ||
      subscription.status === SubscriptionStatus.PendingCancelled ||
      (subscription.suspendedAt !== null && subscription.status !== SubscriptionStatus.Returned)
    ) {
      await repo.updateSubscription(db, subscription.id, {
        status: SubscriptionStatus.Expired,
        updatedAt: now,
      });
      return;
    }
    if (subscription.status !== SubscriptionStatus.Active && !pastDue) return;
    const plan = await repo.findPlan(db, subscription.planKey);
    // A lasting coupon (never expires) takes its discount off every renewal.
    const termCents = plan ? Math.max(0, plan.priceCents - subscription.lastingDiscountCents) : 0;
    // Friends who signed up with the learner's code take their credit off this charge (docs/growth.md).
    const referralCreditCents =
      plan && referralCredit ? await referralCredit.creditFor(subscription.userId, termCents) : 0;
    const amountCents = termCents - referralCreditCents;
    const method = subscription.paymentMethodId
      ? await repo.findPaymentMethod(db, subscription.paymentMethodId)
      : undefined;
    // One key per term and attempt: a job that runs twice charges once.
    const key = `renewal-${subscription.id}-${subscription.expiresAt.getTime()}-${subscription.dunningAttempts}`;
    const result =
      plan && method?.processorRef
        ? await processor.chargeStored({
            methodRef: method.processorRef,
            amountCents,
            idempotencyKey: key,
          })
        : ({
            status: 'failed',
            code: 'no_payment_method',
            message: CommerceMessages.CouldNotProcess,
            retryable: false,
          } as const);
    if (result.status === 'succeeded' && plan && method) {
      await db.transaction(async (tx) => {
        const locked = await repo.lockSubscription(tx, subscription.id);
        if (!locked || locked.expiresAt.getTime() !== subscription.expiresAt.getTime()) return;
        if (locked.dunningAttempts !== subscription.dunningAttempts) return;
        const payment = await repo.insertPayment(tx, {
          id: `pay_${randomBytes(12).toString('hex')}`,
          userId: locked.userId,
          idempotencyKey: key,
          checkoutType: 'renewal',
          itemTitle: `${planTitle(plan)}, renewal`,
          planKey: plan.planKey,
          amountCents,
          referralCreditCents,
          status: 'succeeded',
          processor: processor.name,
          processorRef: result.ref,
          cardBrand: method.brand,
          cardLast4: method.last4,
          cardFingerprint: method.fingerprint,
          subscriptionId: locked.id,
          createdAt: now,
          updatedAt: now,
        });
        if (!payment) return;
        // A renewal on time continues the term; a recovered past-due plan starts again today.
        const startsAt = pastDue ? now : locked.expiresAt;
        const renewed = await repo.updateSubscription(tx, locked.id, {
          status: SubscriptionStatus.Active,
          kind: SubscriptionKind.Paid,
          priceCents: amountCents,
          startsAt,
          expiresAt: addMonths(startsAt, plan.validityMonths),
          dunningAttempts: 0,
          updatedAt: now,
        });
        const entry = await repo.insertLedgerEntry(tx, {
          userId: locked.userId,
          entryKind: 'charge',
          amountCents,
          paymentId: payment.id,
          subscriptionId: locked.id,
          processor: processor.name,
          processorRef: result.ref,
          description: payment.itemTitle,
          createdAt: now,
        });
        await queueReceipt?.(tx, entry);
        await referralCredit?.applyCreditIn(tx, payment);
        await schedule(tx, renewed, now);
      });
      return;
    }
    await db.transaction(async (tx) => {
      const attempts = subscription.dunningAttempts + 1;
      if (attempts > DUNNING_RETRIES) {
        await repo.updateSubscription(tx, subscription.id, {
          status: SubscriptionStatus.Expired,
          updatedAt: now,
        });
        return;
      }
      const updated = await repo.updateSubscription(tx, subscription.id, {
        status: SubscriptionStatus.PastDue,
        dunningAttempts: attempts,
        updatedAt: now,
      });
      await schedule(tx, updated, now, new Date(now.getTime() + DUNNING_RETRY_DAYS * DAY_MS));
    });
  }

  jobs.handle(RENEW_SUBSCRIPTION_JOB, async (payload) => {
    const id = payloadId(payload);
    if (id !== null) await renew(id);
  });
  jobs.handle(TRIAL_REMINDER_JOB, async (payload) => {
    const id = payloadId(payload);
    if (id !== null) await remindTrial(id);
  });

  async function ownSubscription(userId: number, subscriptionId: number): Promise<SubscriptionRow> {
    const subscription = await repo.findSubscription(db, subscriptionId);
    if (!subscription || subscription.userId !== userId) {
      throw new AppError(ErrorStatus.NotFound, RenewalMessages.NotYours);
    }
    return subscription;
  }

  return {
    schedule,
    renew,

    /** Renewal cancelled (7002): the plan runs to the end of its term, then expires without a charge. */
    async cancel(userId: number, subscriptionId: number): Promise<void> {
      const subscription = await ownSubscription(userId, subscriptionId);
      if (subscription.status !== SubscriptionStatus.Active) {
        throw new AppError(ErrorStatus.OperationNotAllowed, RenewalMessages.NotCancellable);
      }
      await repo.updateSubscription(db, subscription.id, {
        status: SubscriptionStatus.RenewalCancelled,
        updatedAt: clock.now(),
      });
    },

    /** Undoes a cancelled renewal before the term ends. */
    async reactivate(userId: number, subscriptionId: number): Promise<void> {
      const subscription = await ownSubscription(userId, subscriptionId);
      const now = clock.now();
      if (subscription.status !== SubscriptionStatus.RenewalCancelled || subscription.expiresAt <= now) {
        throw new AppError(ErrorStatus.OperationNotAllowed, RenewalMessages.NotReactivable);
      }
      await repo.updateSubscription(db, subscription.id, {
        status: SubscriptionStatus.Active,
        updatedAt: now,
      });
    },
  };
}

export type RenewalsService = ReturnType<typeof createRenewalsService>;
