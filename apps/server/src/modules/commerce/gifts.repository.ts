import { and, desc, eq } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// Gift codes (migration 0108): written with the gift payment's ledger row, redeemed once, revoked when the
// payment is refunded in full or charged back before that.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const giftCodes = pgTable('gift_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull(),
  paymentId: text('payment_id').notNull(),
  buyerId: bigint('buyer_id', { mode: 'number' }).notNull(),
  receiverEmail: text('receiver_email').notNull(),
  planKey: text('plan_key').notNull(),
  state: text('state', { enum: ['unredeemed', 'redeemed', 'revoked'] }).notNull(),
  redeemedBy: bigint('redeemed_by', { mode: 'number' }),
  subscriptionId: bigint('subscription_id', { mode: 'number' }),
  redeemedAt: at('redeemed_at'),
  revokedAt: at('revoked_at'),
  createdAt: at('created_at').notNull(),
});
export type GiftCodeRow = typeof giftCodes.$inferSelect;

/** The gift code of a payment; undefined when the code is already taken (the caller draws another). */
export async function insertGift(
  db: DbExecutor,
  values: typeof giftCodes.$inferInsert,
): Promise<GiftCodeRow | undefined> {
  const [row] = await db.insert(giftCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findGiftByCode(db: DbExecutor, code: string): Promise<GiftCodeRow | undefined> {
  const [row] = await db.select().from(giftCodes).where(eq(giftCodes.code, code));
  return row;
}

export async function findGiftOfPayment(db: DbExecutor, paymentId: string): Promise<GiftCodeRow | undefined> {
  const [row] = await db.select().from(giftCodes).where(eq(giftCodes.paymentId, paymentId));
  return row;
}

export function lockGift(db: DbExecutor, id: number): Promise<GiftCodeRow | undefined> {
  return selectForUpdate(db, giftCodes, eq(giftCodes.id, id));
}

export function findGiftsBoughtBy(db: DbExecutor, buyerId: number): Promise<GiftCodeRow[]> {
  return db
    .select()
    .from(giftCodes)
    .where(eq(giftCodes.buyerId, buyerId))
    .orderBy(desc(giftCodes.createdAt), desc(giftCodes.id));
}

export async function markRedeemed(
  db: DbExecutor,
  id: number,
  values: { redeemedBy: number; subscriptionId: number; at: Date },
): Promise<void> {
  await db
    .update(giftCodes)
    .set({
      state: 'redeemed',
      redeemedBy: values.redeemedBy,
      subscriptionId: values.subscriptionId,
      redeemedAt: values.at,
    })
    .where(and(eq(giftCodes.id, id), eq(giftCodes.state, 'unredeemed')));
}

export async function markRevoked(db: DbExecutor, id: number, now: Date): Promise<void> {
  await db
    .update(giftCodes)
    .set({ state: 'revoked', revokedAt: now })
    .where(and(eq(giftCodes.id, id), eq(giftCodes.state, 'unredeemed')));
}

export function findGiftsById(db: DbExecutor, id: number): Promise<GiftCodeRow[]> {
  return db.select().from(giftCodes).where(eq(giftCodes.id, id));
}
