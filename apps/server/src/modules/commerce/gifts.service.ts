import { randomInt } from 'node:crypto';
import type { Gift, GiftsResponse } from '@coderoom/contracts';
import {
  CheckoutMessages,
  CheckoutType,
  ENTITLING_STATUSES,
  ErrorStatus,
  GIFT_CODE_ALPHABET,
  GIFT_CODE_PATTERN,
  GiftState,
  normaliseGiftCode,
  PRODUCT_NAME,
  SubscriptionKind,
  SubscriptionStatus,
  totalPrice,
  UserPlanType,
  validateEmail,
} from '@coderoom/domain';
import type { PaymentRow, SubscriptionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Order, OrderTarget } from './checkout.service.js';
import { CommerceErrors } from './commerce.errors.js';
import { planTitle } from './commerce.presenter.js';
import * as repo from './commerce.repository.js';
import type { CouponsService } from './coupons.service.js';
import * as gifts from './gifts.repository.js';
import { addMonths } from './settlement.service.js';

// Gifts (docs/commerce.md "Gifts"): a buyer pays for a user plan for an e-mail address. The gift code is
// written with the payment's ledger row and e-mailed to the receiver by the worker; a signed-in receiver
// redeems it once, which starts their subscription. A refund in full or a chargeback of the gift payment
// revokes a code not yet redeemed; a redeemed one's subscription is returned (refund) or suspended
// (chargeback) by settlement, as any subscription a payment bought.

/** Job kind: e-mail a gift code to its receiver (payload: giftId). */
export const SEND_GIFT_JOB = 'commerce.send_gift';

export interface GiftsDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  coupons: CouponsService;
  /** Queues the gifted subscription's end (renewals.service), in the redemption's transaction. */
  scheduleRenewal?: (tx: DbExecutor, subscription: SubscriptionRow, now: Date) => Promise<void>;
}

const giftErrors = {
  notFound: () =>
    new AppError(ErrorStatus.NotFound, CheckoutMessages.GiftNotFound, {
      code: CheckoutMessages.GiftNotFound,
    }),
  redeemed: () =>
    new AppError(ErrorStatus.AlreadyExists, CheckoutMessages.GiftRedeemed, {
      code: CheckoutMessages.GiftRedeemed,
    }),
  revoked: () =>
    new AppError(ErrorStatus.OperationNotAllowed, CheckoutMessages.GiftRevoked, {
      code: CheckoutMessages.GiftRevoked,
    }),
  whileSubscribed: () => new AppError(ErrorStatus.AlreadyExists, CheckoutMessages.GiftWhileSubscribed),
};

/** A payment request carries a card; a quote does not. */
function isPayment(target: OrderTarget): boolean {
  return 'card' in target;
}

function newGiftCode(): string {
  const group = () =>
    Array.from({ length: 4 }, () => GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)]).join('');
  return `GIFT-${group()}-${group()}-${group()}`;
}

function presentGift(row: gifts.GiftCodeRow, title: string, showCode: boolean): Gift {
  return {
    code: showCode ? row.code : null,
    state: row.state,
    plan_key: row.planKey,
    item_title: title,
    receiver_email: row.receiverEmail,
    redeemed_at: row.redeemedAt?.toISOString() ?? null,
    subscription_id: row.subscriptionId,
    created_at: row.createdAt.toISOString(),
  };
}

export function createGiftsService(deps: GiftsDeps) {
  const { db, clock, jobs, mailer } = deps;

  async function titleOf(planKey: string): Promise<string> {
    const plan = await repo.findPlan(db, planKey);
    return plan ? planTitle(plan) : planKey;
  }

  async function sendGift(giftId: number): Promise<void> {
    const [gift] = await gifts.findGiftsById(db, giftId);
    if (!gift || gift.state !== GiftState.Unredeemed) return;
    const buyer = (await repo.findUserEmail(db, gift.buyerId)) ?? 'Someone';
    const title = await titleOf(gift.planKey);
    const link = `${deps.publicUrl}/redeem-gift?code=${encodeURIComponent(gift.code)}`;
    await mailer.send({
      to: gift.receiverEmail,
      subject: `${buyer} gave you ${PRODUCT_NAME} ${title}`,
      text: [
        'Hi,',
        '',
        `${buyer} gave you a ${PRODUCT_NAME} ${title} subscription.`,
        '',
        `Your gift code: ${gift.code}`,
        '',
        `Sign in (or create an account) and redeem it here: ${link}`,
        'Your subscription starts the day you redeem it.',
        '',
      ].join('\n'),
    });
  }

  jobs.handle(SEND_GIFT_JOB, async (payload) => {
    const id = (payload as { giftId?: unknown } | null)?.giftId;
    if (typeof id === 'number' && Number.isSafeInteger(id)) await sendGift(id);
  });

  return {
    /** The order of a gift: a user plan for an address, with a coupon if one applies (taken off once). */
    async order(userId: number, target: OrderTarget): Promise<Order> {
      const plan = target.plan ? await repo.findPlan(db, target.plan) : undefined;
      if (!plan?.isActive || plan.planType !== UserPlanType) throw CommerceErrors.unknownPlan();
      const email = (target.gift_email ?? '').trim().toLowerCase();
      // A quote may leave the address out (the form asks for it); a payment needs it.
      if (target.gift_email !== undefined || isPayment(target)) {
        const invalid = email === '' ? CheckoutMessages.GiftEmailRequired : validateEmail(email);
        if (invalid) throw new AppError(ErrorStatus.OperationNotAllowed, invalid, { gift_email: invalid });
      }
      const applied = target.coupon_code
        ? await deps.coupons.apply(userId, target.coupon_code, {
            type: CheckoutType.Gift,
            planKey: plan.planKey,
            isCourse: false,
            priceCents: plan.priceCents,
          })
        : null;
      // The receiver's plan does not renew on the buyer's card: a lasting coupon is a one-time discount.
      const coupon = applied ? { ...applied, neverExpires: false } : null;
      const total = totalPrice({
        price: plan.priceCents,
        credit: 0,
        couponDiscount: -(coupon?.discountCents ?? 0),
        couponNeverExpires: false,
        upgradeDiscount: 0,
      });
      return {
        type: CheckoutType.Gift,
        itemTitle: `${planTitle(plan)}, gift`,
        plan,
        collectionId: null,
        authorId: null,
        priceCents: plan.priceCents,
        creditCents: 0,
        coupon,
        totalCents: Math.max(0, total),
        referralCreditCents: 0,
        replaces: null,
        extras: { giftEmail: email || null },
      };
    },

    /** In the gift payment's grant: the code, and its e-mail queued (sent by the worker after commit). */
    async grantIn(tx: DbExecutor, payment: PaymentRow, now: Date): Promise<void> {
      if (!payment.giftEmail || !payment.planKey) throw CommerceErrors.unknownPlan();
      for (;;) {
        const gift = await gifts.insertGift(tx, {
          code: newGiftCode(),
          paymentId: payment.id,
          buyerId: payment.userId,
          receiverEmail: payment.giftEmail,
          planKey: payment.planKey,
          state: GiftState.Unredeemed,
          createdAt: now,
        });
        if (gift) {
          await jobs.enqueue(tx, SEND_GIFT_JOB, { giftId: gift.id });
          return;
        }
        // A payment is granted once (its row is locked), so a conflict can only be a code drawn twice.
        if (await gifts.findGiftOfPayment(tx, payment.id)) return;
      }
    },

    /** A refund in full or a chargeback: a code not yet redeemed is revoked (a redeemed one's plan is settled). */
    async revokeIn(tx: DbExecutor, payment: PaymentRow, now: Date): Promise<void> {
      const found = await gifts.findGiftOfPayment(tx, payment.id);
      if (found) await gifts.markRevoked(tx, found.id, now);
    },

    /** A signed-in receiver redeems a code once; it starts their subscription today. */
    async redeem(userId: number, rawCode: string): Promise<Gift> {
      const code = normaliseGiftCode(rawCode);
      const found = GIFT_CODE_PATTERN.test(code) ? await gifts.findGiftByCode(db, code) : undefined;
      if (!found) throw giftErrors.notFound();
      const now = clock.now();
      const redeemed = await db.transaction(async (tx) => {
        // The payment row first, as a refund locks it: a refund and a redemption run one after the other.
        const payment = await repo.lockPayment(tx, found.paymentId);
        const gift = await gifts.lockGift(tx, found.id);
        if (!payment || !gift) throw giftErrors.notFound();
        if (gift.state === GiftState.Redeemed) throw giftErrors.redeemed();
        if (gift.state === GiftState.Revoked) throw giftErrors.revoked();
        if ((await repo.findCurrentSubscriptions(tx, userId, ENTITLING_STATUSES, now)).length > 0)
          throw giftErrors.whileSubscribed();
        const plan = await repo.findPlan(tx, gift.planKey);
        if (!plan) throw CommerceErrors.unknownPlan();
        // Nobody's card renews a gift: it runs for its term (renewal cancelled) unless the receiver resumes it
        // with a card of their own (billing settings).
        const subscription = await repo.insertSubscription(tx, {
          userId,
          planKey: plan.planKey,
          featureSet: plan.featureSet,
          validityMonths: plan.validityMonths,
          status: SubscriptionStatus.RenewalCancelled,
          kind: SubscriptionKind.Paid,
          priceCents: plan.priceCents,
          paymentProcessor: payment.processor,
          startsAt: now,
          expiresAt: addMonths(now, plan.validityMonths),
          createdAt: now,
          updatedAt: now,
        });
        await deps.scheduleRenewal?.(tx, subscription, now);
        await gifts.markRedeemed(tx, gift.id, {
          redeemedBy: userId,
          subscriptionId: subscription.id,
          at: now,
        });
        // The gift payment now names the subscription it paid for: a refund returns it, a dispute suspends it.
        await repo.updatePayment(tx, payment.id, { subscriptionId: subscription.id, updatedAt: now });
        return {
          ...gift,
          state: GiftState.Redeemed,
          redeemedBy: userId,
          subscriptionId: subscription.id,
          redeemedAt: now,
        };
      });
      return presentGift(redeemed, await titleOf(redeemed.planKey), false);
    },

    /** The gifts the caller bought; the code stays visible to the buyer until it is redeemed. */
    async bought(userId: number): Promise<GiftsResponse> {
      const rows = await gifts.findGiftsBoughtBy(db, userId);
      const titles = new Map<string, string>();
      for (const row of rows)
        if (!titles.has(row.planKey)) titles.set(row.planKey, await titleOf(row.planKey));
      return {
        gifts: rows.map((row) =>
          presentGift(row, titles.get(row.planKey) ?? row.planKey, row.state === GiftState.Unredeemed),
        ),
      };
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
