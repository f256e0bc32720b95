import type { Coupon, SiteCouponBanner } from '@coderoom/contracts';
import {
  type CheckoutType,
  COUPON_CHECKOUT_TYPES,
  COUPON_CODE_PATTERN,
  CouponMessages,
  couponDiscountCents,
  couponWindowRefusal,
  ErrorStatus,
  normaliseCouponCode,
} from '@coderoom/domain';
import type { CouponRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import { usd } from './commerce.presenter.js';
import * as repo from './coupons.repository.js';

// Coupons (docs/commerce.md "Coupons"): whether a code applies to an order and what it takes off, and the
// reservation that makes the limits hold when two checkouts race for the last redemption. The checkout
// reserves a redemption in the transaction that creates the payment (the coupon row locked while its
// redemptions are counted); the grant marks it redeemed once; a failed payment releases it.

/** A coupon refusal, shown beside the coupon field (errors.coupon_code). */
const refuse = (message: string, status: number = ErrorStatus.OperationNotAllowed) =>
  new AppError(status, message, { coupon_code: message });

export interface CouponOrder {
  type: CheckoutType;
  planKey: string | null;
  isCourse: boolean;
  /** What the item costs before any coupon (a plan's term, a course's price). */
  priceCents: number;
}

export interface AppliedCoupon {
  code: string;
  description: string;
  neverExpires: boolean;
  discountCents: number;
}

function presentCoupon(coupon: CouponRow): Coupon {
  return {
    coupon_code: coupon.code,
    description: coupon.description,
    percent_off: coupon.percentOff,
    amount_off_usd: coupon.amountOffCents === null ? null : usd(coupon.amountOffCents),
    discount_never_expires: coupon.discountNeverExpires,
    valid_until: coupon.validUntil?.toISOString() ?? null,
    plan_keys: coupon.planKeys,
    applies_to_courses: coupon.appliesToCourses,
  };
}

export function createCouponsService({ db, clock }: { db: Db; clock: Clock }) {
  async function findUsable(executor: DbExecutor, rawCode: string, lock: boolean): Promise<CouponRow> {
    const code = normaliseCouponCode(rawCode);
    if (!COUPON_CODE_PATTERN.test(code)) throw refuse(CouponMessages.InvalidCode);
    const coupon = lock ? await repo.lockCoupon(executor, code) : await repo.findCoupon(executor, code);
    if (!coupon) throw refuse(CouponMessages.Unknown, ErrorStatus.NotFound);
    const window = couponWindowRefusal(coupon, clock.now());
    if (window) throw refuse(window);
    return coupon;
  }

  async function assertLimits(executor: DbExecutor, coupon: CouponRow, userId: number): Promise<void> {
    const held = await repo.countHeldRedemptions(executor, coupon.code, userId);
    if (coupon.maxRedemptions !== null && held.total >= coupon.maxRedemptions)
      throw refuse(CouponMessages.UsedUp);
    if (held.byUser >= coupon.maxPerUser) throw refuse(CouponMessages.UsedByYou);
  }

  return {
    /** What a code takes off this order for this learner; refused with the reason otherwise. */
    async apply(userId: number, rawCode: string, order: CouponOrder): Promise<AppliedCoupon> {
      const coupon = await findUsable(db, rawCode, false);
      if (!COUPON_CHECKOUT_TYPES.includes(order.type)) throw refuse(CouponMessages.NotForThisCheckout);
      const applies = order.isCourse
        ? coupon.appliesToCourses
        : order.planKey !== null && (coupon.planKeys === null || coupon.planKeys.includes(order.planKey));
      if (!applies) throw refuse(CouponMessages.NotForThisPlan);
      await assertLimits(db, coupon, userId);
      return {
        code: coupon.code,
        description: coupon.description,
        // A lasting discount is for plans (it lowers every renewal); on a course it is a one-time discount.
        neverExpires: coupon.discountNeverExpires && !order.isCourse,
        discountCents: couponDiscountCents(coupon, order.priceCents),
      };
    },

    /**
     * Holds one redemption for a payment being created, in that transaction: the coupon row is locked while
     * its redemptions are counted again, so the last place goes to one checkout only.
     */
    async reserveIn(
      tx: DbExecutor,
      userId: number,
      paymentId: string,
      applied: AppliedCoupon,
    ): Promise<void> {
      const coupon = await findUsable(tx, applied.code, true);
      await assertLimits(tx, coupon, userId);
      await repo.insertRedemption(tx, {
        paymentId,
        couponCode: coupon.code,
        userId,
        discountCents: applied.discountCents,
        status: 'reserved',
        createdAt: clock.now(),
      });
    },

    /** GET /api/coupon/{code}: a usable coupon's terms (an unknown one is a 404, an expired one a 400). */
    async describe(rawCode: string): Promise<Coupon> {
      return presentCoupon(await findUsable(db, rawCode, false));
    },

    /** GET /api/coupon/site: the site coupon's banner while it is valid, else none. */
    async siteBanner(): Promise<SiteCouponBanner> {
      const coupon = await repo.findSiteCoupon(db);
      if (!coupon || couponWindowRefusal(coupon, clock.now())) return { banner: null };
      const plan = coupon.planKeys?.[0];
      return {
        banner: {
          coupon_code: coupon.code,
          text: coupon.bannerText ?? coupon.description,
          checkout_url: plan
            ? `/checkout/coupon_purchase?plan=${plan}&action_id=${coupon.code}`
            : '/unlimited',
          valid_until: coupon.validUntil?.toISOString() ?? null,
        },
      };
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
