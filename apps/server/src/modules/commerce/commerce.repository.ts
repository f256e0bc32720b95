import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  type CoursePriceRow,
  type CoursePurchaseRow,
  coursePrices,
  coursePurchases,
  type LedgerEntryRow,
  ledgerEntries,
  type PaymentMethodRow,
  type PaymentRow,
  paymentMethods,
  payments,
  processorEvents,
  purchaseAccounts,
  type SubscriptionPlanRow,
  type SubscriptionRow,
  subscriptionPlans,
  subscriptions,
  users,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';
import { selectForUpdate } from '../../platform/db/rowLock.js';

// SQL for plans, prices, subscriptions, purchases, payments and the ledger. The ledger is only ever inserted
// into (a trigger refuses UPDATE and DELETE).

export type NewPlan = typeof subscriptionPlans.$inferInsert;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type NewPayment = typeof payments.$inferInsert;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
export type NewPaymentMethod = typeof paymentMethods.$inferInsert;

export async function upsertPlan(db: DbExecutor, plan: NewPlan): Promise<void> {
  await db
    .insert(subscriptionPlans)
    .values(plan)
    .onConflictDoUpdate({
      target: subscriptionPlans.planKey,
      set: {
        priceCents: plan.priceCents,
        monthlyPriceCents: plan.monthlyPriceCents,
        monthlyDiscountedPriceCents: plan.monthlyDiscountedPriceCents,
        specialDiscount: plan.specialDiscount ?? null,
        isActive: plan.isActive ?? true,
      },
    });
}

export async function upsertCoursePrice(db: DbExecutor, price: CoursePriceRow): Promise<void> {
  await db
    .insert(coursePrices)
    .values(price)
    .onConflictDoUpdate({
      target: coursePrices.collectionId,
      set: { priceCents: price.priceCents, minFeatureSet: price.minFeatureSet },
    });
}

export function findActivePlans(db: DbExecutor): Promise<SubscriptionPlanRow[]> {
  return db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.featureSet), asc(subscriptionPlans.validityMonths));
}

export async function findPlan(db: DbExecutor, planKey: string): Promise<SubscriptionPlanRow | undefined> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.planKey, planKey));
  return row;
}

export async function findCoursePrice(
  db: DbExecutor,
  collectionId: number,
): Promise<CoursePriceRow | undefined> {
  const [row] = await db.select().from(coursePrices).where(eq(coursePrices.collectionId, collectionId));
  return row;
}

/** The learner's subscriptions in the given statuses that have not expired at `now`, latest expiry first. */
export function findCurrentSubscriptions(
  db: DbExecutor,
  userId: number,
  statuses: readonly number[],
  now: Date,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...statuses]),
        gt(subscriptions.expiresAt, now),
        // A disputed payment suspends its subscription until the dispute is settled.
        isNull(subscriptions.suspendedAt),
      ),
    )
    .orderBy(desc(subscriptions.featureSet), desc(subscriptions.expiresAt));
}

export function findSubscriptionsOf(db: DbExecutor, userId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

export async function insertSubscription(db: DbExecutor, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

export async function endSubscription(db: DbExecutor, id: number, status: number, now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status, expiresAt: now, updatedAt: now })
    .where(eq(subscriptions.id, id));
}

export async function findLivePurchase(
  db: DbExecutor,
  userId: number,
  collectionId: number,
): Promise<CoursePurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(coursePurchases)
    .where(
      and(
        eq(coursePurchases.userId, userId),
        eq(coursePurchases.collectionId, collectionId),
        isNull(coursePurchases.revokedAt),
      ),
    );
  return row;
}

/** The learner's purchases that were not revoked (the entitlement cache's copy). */
export function findLivePurchasesOf(db: DbExecutor, userId: number): Promise<CoursePurchaseRow[]> {
  return db
    .select()
    .from(coursePurchases)
    .where(and(eq(coursePurchases.userId, userId), isNull(coursePurchases.revokedAt)));
}

export async function countLivePurchases(db: DbExecutor, userId: number): Promise<number> {
  const rows = await db
    .select({ id: coursePurchases.id })
    .from(coursePurchases)
    .where(and(eq(coursePurchases.userId, userId), isNull(coursePurchases.revokedAt)));
  return rows.length;
}

export async function insertPurchase(
  db: DbExecutor,
  values: typeof coursePurchases.$inferInsert,
): Promise<CoursePurchaseRow> {
  const [row] = await db.insert(coursePurchases).values(values).returning();
  if (!row) throw new Error('purchase insert returned nothing');
  return row;
}

export async function insertPayment(db: DbExecutor, values: NewPayment): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPaymentByKey(
  db: DbExecutor,
  userId: number,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findOwnPayment(
  db: DbExecutor,
  userId: number,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.id, paymentId)));
  return row;
}

export function lockPayment(db: DbExecutor, paymentId: string): Promise<PaymentRow | undefined> {
  return selectForUpdate(db, payments, eq(payments.id, paymentId));
}

export async function updatePayment(
  db: DbExecutor,
  paymentId: string,
  patch: Partial<NewPayment> & { updatedAt: Date },
): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(patch).where(eq(payments.id, paymentId)).returning();
  if (!row) throw new Error('payment update returned nothing');
  return row;
}

export async function insertLedgerEntry(db: DbExecutor, values: NewLedgerEntry): Promise<LedgerEntryRow> {
  const [row] = await db.insert(ledgerEntries).values(values).returning();
  if (!row) throw new Error('ledger insert returned nothing');
  return row;
}

export function findLedgerOf(db: DbExecutor, userId: number): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
}

/** Saves a card the learner paid with; the same card again updates its row (newest reference and expiry). */
export async function upsertPaymentMethod(
  db: DbExecutor,
  values: NewPaymentMethod,
): Promise<PaymentMethodRow> {
  const [row] = await db
    .insert(paymentMethods)
    .values(values)
    .onConflictDoUpdate({
      target: [paymentMethods.userId, paymentMethods.fingerprint],
      set: { processorRef: values.processorRef ?? null, expMonth: values.expMonth, expYear: values.expYear },
    })
    .returning();
  if (!row) throw new Error('payment method upsert returned nothing');
  return row;
}

export async function findPaymentMethod(db: DbExecutor, id: number): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

export async function findSubscription(db: DbExecutor, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export function lockSubscription(db: DbExecutor, id: number): Promise<SubscriptionRow | undefined> {
  return selectForUpdate(db, subscriptions, eq(subscriptions.id, id));
}

export async function updateSubscription(
  db: DbExecutor,
  id: number,
  patch: Partial<NewSubscription> & { updatedAt: Date },
): Promise<SubscriptionRow> {
  const [row] = await db.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
  if (!row) throw new Error('subscription update returned nothing');
  return row;
}

/** Whether a card (by fingerprint) already started a free trial, on any account. */
export async function cardHadTrial(
  db: DbExecutor,
  fingerprint: string,
  trialTypes: readonly string[],
): Promise<boolean> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.cardFingerprint, fingerprint),
        inArray(payments.checkoutType, [...trialTypes]),
        eq(payments.status, 'succeeded'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findUserEmail(db: DbExecutor, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** A +tag and the @ after it (a+1@x → a@x), as a parameter so no SQL literal escaping is involved. */
const PLUS_TAG_PATTERN = '[+][^@]*@';

/** Other accounts whose address delivers to the same mailbox (the local part without its +tag). */
export async function countOtherAccountsOfMailbox(
  db: DbExecutor,
  mailbox: string,
  userId: number,
): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(regexp_replace(${users.email}, ${PLUS_TAG_PATTERN}, '@')) = ${mailbox}`,
        ne(users.id, userId),
      ),
    );
  return rows.length;
}

export function findPaymentMethods(db: DbExecutor, userId: number): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** The demo seed finds its subscriber by address (the accounts module owns users; this reads one column). */
export async function findUserIdByEmail(db: DbExecutor, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export async function deletePaymentMethod(
  db: DbExecutor,
  userId: number,
  id: number,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning();
  return row;
}

/** Subscriptions that renewed with a deleted card renew with none (the next renewal fails: past due). */
export async function clearSubscriptionsMethod(
  db: DbExecutor,
  paymentMethodId: number,
  now: Date,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ paymentMethodId: null, updatedAt: now })
    .where(eq(subscriptions.paymentMethodId, paymentMethodId));
}

// ---- Settlement: webhook events, refunds, chargebacks, receipts ----

/** Records a processor event as applied; false when it already was (a replay or a second delivery). */
export async function insertProcessorEvent(
  db: DbExecutor,
  values: typeof processorEvents.$inferInsert,
): Promise<boolean> {
  const rows = await db.insert(processorEvents).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function findPaymentByProcessorRef(
  db: DbExecutor,
  processor: string,
  processorRef: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.processor, processor), eq(payments.processorRef, processorRef)))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  return row;
}

export async function findPayment(db: DbExecutor, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

/** A ledger row, unless the processor's movement is already recorded (then undefined). */
export async function insertLedgerEntryOnce(
  db: DbExecutor,
  values: NewLedgerEntry,
): Promise<LedgerEntryRow | undefined> {
  const [row] = await db.insert(ledgerEntries).values(values).onConflictDoNothing().returning();
  return row;
}

/** Every ledger row of one payment, oldest first. */
export function findLedgerOfPayment(db: DbExecutor, paymentId: string): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId))
    .orderBy(asc(ledgerEntries.id));
}

export async function findLedgerEntry(db: DbExecutor, id: number): Promise<LedgerEntryRow | undefined> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
  return row;
}

export async function revokePurchase(db: DbExecutor, id: number, now: Date): Promise<void> {
  await db
    .update(coursePurchases)
    .set({ revokedAt: now })
    .where(and(eq(coursePurchases.id, id), isNull(coursePurchases.revokedAt)));
}

export async function suspendPurchase(db: DbExecutor, id: number, now: Date): Promise<void> {
  await db
    .update(coursePurchases)
    .set({ suspendedAt: now })
    .where(and(eq(coursePurchases.id, id), isNull(coursePurchases.suspendedAt)));
}

export async function suspendSubscription(db: DbExecutor, id: number, now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ suspendedAt: now, updatedAt: now })
    .where(and(eq(subscriptions.id, id), isNull(subscriptions.suspendedAt)));
}

/** The learner's ledger with the card each payment used, newest first (billing history). */
export function findBillingHistory(db: DbExecutor, userId: number) {
  return db
    .select({ entry: ledgerEntries, cardBrand: payments.cardBrand, cardLast4: payments.cardLast4 })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
}

/**
 * The account an address belongs to for a logged-out purchase: `claimed` unless a logged-out purchase made
 * it and its password is still the random one it was made with (nobody has proven the mailbox yet).
 */
export async function findBuyerAccount(
  db: DbExecutor,
  email: string,
): Promise<{ userId: number; claimed: boolean } | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      passwordHash: users.passwordHash,
      initial: purchaseAccounts.initialPasswordHash,
    })
    .from(users)
    .leftJoin(purchaseAccounts, eq(purchaseAccounts.userId, users.id))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ? { userId: row.userId, claimed: row.initial !== row.passwordHash } : undefined;
}

export async function insertPurchaseAccount(
  db: DbExecutor,
  values: { userId: number; initialPasswordHash: string; createdAt: Date },
): Promise<void> {
  await db.insert(purchaseAccounts).values(values);
}
