import { and, count, eq, ne } from 'drizzle-orm';
import { type CouponRow, couponRedemptions, coupons } from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// SQL for coupons and their redemptions (0053_commerce_coupons.sql). A redemption row belongs to one payment.

export type NewCoupon = typeof coupons.$inferInsert;

export async function findCoupon(db: DbExecutor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

/** Locks the coupon row: redemptions of one coupon are counted and reserved one after the other. */
export function lockCoupon(tx: DbExecutor, code: string): Promise<CouponRow | undefined> {
  return selectForUpdate(tx, coupons, eq(coupons.code, code));
}

export async function findSiteCoupon(db: DbExecutor): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.isSiteCoupon, true));
  return row;
}

/** Redemptions that hold a place (reserved or redeemed), in all and by one learner. */
export async function countHeldRedemptions(
  db: DbExecutor,
  code: string,
  userId: number,
): Promise<{ total: number; byUser: number }> {
  const held = and(eq(couponRedemptions.couponCode, code), ne(couponRedemptions.status, 'released'));
  const [total] = await db.select({ n: count() }).from(couponRedemptions).where(held);
  const [byUser] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(held, eq(couponRedemptions.userId, userId)));
  return { total: Number(total?.n ?? 0), byUser: Number(byUser?.n ?? 0) };
}

export async function insertRedemption(
  tx: DbExecutor,
  values: typeof couponRedemptions.$inferInsert,
): Promise<void> {
  await tx.insert(couponRedemptions).values(values);
}

/** Reserved → redeemed, once: a second call (a twice-delivered grant) changes nothing. */
export async function markRedeemed(tx: DbExecutor, paymentId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(couponRedemptions)
    .set({ status: 'redeemed', redeemedAt: now })
    .where(and(eq(couponRedemptions.paymentId, paymentId), eq(couponRedemptions.status, 'reserved')))
    .returning({ paymentId: couponRedemptions.paymentId });
  return rows.length > 0;
}

/** A failed payment gives its reserved place back. */
export async function release(tx: DbExecutor, paymentId: string): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ status: 'released' })
    .where(and(eq(couponRedemptions.paymentId, paymentId), eq(couponRedemptions.status, 'reserved')));
}

export async function upsertCoupon(db: DbExecutor, coupon: NewCoupon): Promise<void> {
  const { code: _code, createdAt: _createdAt, ...rest } = coupon;
  await db.insert(coupons).values(coupon).onConflictDoUpdate({ target: coupons.code, set: rest });
}
