import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  affiliateClicks,
  affiliates,
  analyticsEvents,
  githubScholars,
  ledgerEntries,
  payments,
  referralCodes,
  referrals,
  subscriptionPlans,
  subscriptions,
  userAttribution,
  users,
} from '../../db/schema.js';
import type { DbExecutor } from '../../platform/db/database.js';

// SQL for growth tracking (0056_growth.sql). The segment and the revenue figures read commerce's tables
// (subscriptions, payments, ledger) as they stand: growth reports on money, it never moves it.

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export async function insertEvents(db: DbExecutor, rows: NewAnalyticsEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
}

export async function findEventsOf(db: DbExecutor, userId: number) {
  return db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .orderBy(asc(analyticsEvents.id));
}

// ---- Attribution -----------------------------------------------------------------------------------------

export async function findAttribution(db: DbExecutor, userId: number) {
  const [row] = await db.select().from(userAttribution).where(eq(userAttribution.userId, userId));
  return row;
}

export type AttributionValues = Omit<typeof userAttribution.$inferInsert, 'userId'>;

/** Writes the given fields; utm_init and the affiliate are first-touch (kept once set). */
export async function upsertAttribution(db: DbExecutor, userId: number, values: AttributionValues) {
  const [row] = await db
    .insert(userAttribution)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: userAttribution.userId,
      set: {
        ...values,
        utmInit: sql`coalesce(${userAttribution.utmInit}, excluded.utm_init)`,
        affiliateId: sql`coalesce(${userAttribution.affiliateId}, excluded.affiliate_id)`,
        affiliateClickId: sql`coalesce(${userAttribution.affiliateClickId}, excluded.affiliate_click_id)`,
        affiliatedAt: sql`coalesce(${userAttribution.affiliatedAt}, excluded.affiliated_at)`,
      },
    })
    .returning();
  return row!;
}

// ---- Segment facts ---------------------------------------------------------------------------------------

export async function findUserEmail(db: DbExecutor, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** Every subscription of a user, newest first, with its plan's special discount. */
export async function findSubscriptionsWithPlan(db: DbExecutor, userId: number) {
  return db
    .select({
      featureSet: subscriptions.featureSet,
      validityMonths: subscriptions.validityMonths,
      status: subscriptions.status,
      kind: subscriptions.kind,
      expiresAt: subscriptions.expiresAt,
      suspendedAt: subscriptions.suspendedAt,
      specialDiscount: subscriptionPlans.specialDiscount,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.planKey, subscriptions.planKey))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.expiresAt));
}

export async function isGithubScholar(db: DbExecutor, userId: number): Promise<boolean> {
  const [row] = await db.select().from(githubScholars).where(eq(githubScholars.userId, userId));
  return row !== undefined;
}

/** Whether the user paid for a team plan (team buy, seats) with a succeeded payment. */
export async function hasBoughtForTeam(db: DbExecutor, userId: number, checkoutTypes: readonly string[]) {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'succeeded'),
        inArray(payments.checkoutType, [...checkoutTypes]),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

// ---- Referrals -------------------------------------------------------------------------------------------

export async function findReferralCodeOf(db: DbExecutor, userId: number) {
  const [row] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
  return row;
}

export async function findReferralCode(db: DbExecutor, code: string) {
  const [row] = await db
    .select({ userId: referralCodes.userId, code: referralCodes.code, fullName: users.fullName })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, code));
  return row;
}

/** Undefined when the code was taken (by this user in a race, or by another): the caller reads again. */
export async function insertReferralCode(db: DbExecutor, userId: number, code: string, now: Date) {
  const [row] = await db
    .insert(referralCodes)
    .values({ userId, code, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function insertReferral(db: DbExecutor, values: typeof referrals.$inferInsert) {
  const [row] = await db.insert(referrals).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findReferralsOf(db: DbExecutor, referrerId: number) {
  return db
    .select({ referral: referrals, fullName: users.fullName })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
}

export async function sumPendingCredit(db: DbExecutor, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${referrals.creditCents}), 0)` })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), eq(referrals.status, 'pending')));
  return Number(row?.total ?? 0);
}

/** The referrer's pending credits, oldest first, locked: one payment takes each credit. */
export function lockPendingReferrals(tx: DbExecutor, referrerId: number) {
  return tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), eq(referrals.status, 'pending')))
    .orderBy(asc(referrals.createdAt), asc(referrals.id))
    .for('update');
}

export async function markCredited(tx: DbExecutor, ids: number[], paymentId: string, now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(referrals)
    .set({ status: 'credited', creditedPaymentId: paymentId, creditedAt: now })
    .where(inArray(referrals.id, ids));
}

// ---- Affiliates ------------------------------------------------------------------------------------------

export async function findAffiliate(db: DbExecutor, userId: number) {
  const [row] = await db
    .select({ affiliate: affiliates, fullName: users.fullName })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.userId, userId));
  return row;
}

export async function insertAffiliate(db: DbExecutor, values: typeof affiliates.$inferInsert) {
  await db.insert(affiliates).values(values).onConflictDoNothing();
}

export async function insertAffiliateClick(db: DbExecutor, values: typeof affiliateClicks.$inferInsert) {
  const [row] = await db.insert(affiliateClicks).values(values).returning();
  return row!;
}

export async function findAffiliateClick(db: DbExecutor, token: string) {
  const [row] = await db.select().from(affiliateClicks).where(eq(affiliateClicks.token, token));
  return row;
}

export async function countAffiliateClicks(db: DbExecutor, affiliateId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(affiliateClicks)
    .where(eq(affiliateClicks.affiliateId, affiliateId));
  return Number(row?.n ?? 0);
}

export async function countAffiliateSignUps(db: DbExecutor, affiliateId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userAttribution)
    .where(eq(userAttribution.affiliateId, affiliateId));
  return Number(row?.n ?? 0);
}

/** Charges (and their refunds) of buyers an affiliate brought, within the window after their visit. */
export async function findAffiliateLedger(db: DbExecutor, affiliateId: number, windowMs: number) {
  return db
    .select({
      id: ledgerEntries.id,
      entryKind: ledgerEntries.entryKind,
      paymentId: ledgerEntries.paymentId,
      amountCents: ledgerEntries.amountCents,
      description: ledgerEntries.description,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(userAttribution, eq(userAttribution.userId, ledgerEntries.userId))
    .where(
      and(
        eq(userAttribution.affiliateId, affiliateId),
        isNotNull(userAttribution.affiliatedAt),
        gte(ledgerEntries.createdAt, userAttribution.affiliatedAt),
        sql`${ledgerEntries.createdAt} < ${userAttribution.affiliatedAt} + make_interval(secs => ${windowMs / 1000})`,
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
}

// ---- Revenue ---------------------------------------------------------------------------------------------

/** Subscriptions current at `now` that entitle (the statuses given), with their plan. */
export async function findCurrentSubscriptionsAll(db: DbExecutor, statuses: readonly number[], now: Date) {
  return db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      status: subscriptions.status,
      planKey: subscriptions.planKey,
      planPriceCents: subscriptionPlans.priceCents,
      featureSet: subscriptions.featureSet,
      validityMonths: subscriptions.validityMonths,
      kind: subscriptions.kind,
      priceCents: subscriptions.priceCents,
      lastingDiscountCents: subscriptions.lastingDiscountCents,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.planKey, subscriptions.planKey))
    .where(
      and(
        inArray(subscriptions.status, [...statuses]),
        gt(subscriptions.expiresAt, now),
        isNull(subscriptions.suspendedAt),
      ),
    );
}

// The correlated subqueries name the outer table in full: drizzle writes a one-table select's columns
// unqualified, and a bare "id" inside them would mean the payment's or the ledger row's own id.
/** Every subscription with what started it (the payment's checkout type) and whether it was ever charged. */
export async function findSubscriptionHistory(db: DbExecutor) {
  return db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      status: subscriptions.status,
      kind: subscriptions.kind,
      startsAt: subscriptions.startsAt,
      createdAt: subscriptions.createdAt,
      expiresAt: subscriptions.expiresAt,
      updatedAt: subscriptions.updatedAt,
      suspendedAt: subscriptions.suspendedAt,
      firstCheckoutType: sql<string | null>`(
        SELECT p.checkout_type FROM payments p
        WHERE p.subscription_id = subscriptions.id AND p.status = 'succeeded'
        ORDER BY p.created_at ASC LIMIT 1)`,
      charges: sql<number>`(
        SELECT count(*)::int FROM ledger_entries l
        WHERE l.subscription_id = subscriptions.id AND l.entry_kind = 'charge')`,
    })
    .from(subscriptions);
}

export async function sumLedgerSince(db: DbExecutor, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(gte(ledgerEntries.createdAt, since));
  return Number(row?.total ?? 0);
}
