import {
  ENTITLING_STATUSES,
  FeatureSet,
  featureSetCovers,
  SubscriptionKind,
  TRIAL_KINDS,
} from '@coderoom/domain';
import type { CoursePurchaseRow, SubscriptionRow } from '../../db/schema.js';
import { createFeedCache } from '../../platform/cache/feedCache.js';
import type { Clock } from '../../platform/clock.js';
import type { ChangeFeed } from '../../platform/db/changes.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { CommerceErrors } from './commerce.errors.js';
import * as repo from './commerce.repository.js';

// Who may read priced content, decided on the server for every lesson read (content calls `assertCanRead`
// per viewer). A priced collection (is_free = false) opens with a current subscription whose feature set
// covers it, a live purchase of it, or an organization seat.
//
// The read path (assertCanRead, userInfo) takes a user's subscriptions and purchases, and a collection's
// price, from per-process caches the change feed keeps right (docs/performance.md, "Caches"): migration
// 0090's triggers notify `access:<user>` on any write to their subscriptions or purchases (checkout,
// renewal, cancellation, refund, chargeback, expiry jobs) and `collection:<id>` on its price. Whether a
// subscription is current is decided per call against the clock (its end is a time, not a write).
// Checkout's own decisions (hasAccess, currentSubscriptions) read fresh rows.

/** Whether the learner holds an organization seat that opens this collection (the organizations module). */
export type OrganizationSeatCheck = (userId: number, collectionId: number) => Promise<boolean>;

/** Until organizations expose their seat check, nobody holds a seat (docs/commerce.md). */
export const noOrganizationSeat: OrganizationSeatCheck = async () => false;

export interface EntitlementsDeps {
  db: Db;
  clock: Clock;
  organizationSeat?: OrganizationSeatCheck;
  /** Without a feed (seed, tools, some tests) nothing is cached. */
  changes?: Pick<ChangeFeed, 'on' | 'isLive' | 'onReset'>;
}

/** Users (and priced collections) whose entitlement inputs one process keeps. */
const ENTITLEMENT_CACHE_MAX_ENTRIES = 20_000;

/** What findCurrentSubscriptions selects, decided in memory at `now` (same rules, same order). */
function currentOf(all: readonly SubscriptionRow[], now: Date): SubscriptionRow[] {
  return all
    .filter(
      (subscription) =>
        ENTITLING_STATUSES.includes(subscription.status) &&
        subscription.expiresAt > now &&
        subscription.suspendedAt === null,
    )
    .sort((a, b) => b.featureSet - a.featureSet || b.expiresAt.getTime() - a.expiresAt.getTime());
}

export interface PricedCollection {
  id: number;
  isFree: boolean;
}

/** Collections without a price row are opened by the lowest tier. */
export const DEFAULT_MIN_FEATURE_SET = FeatureSet.Basic;

/** The user-info fields commerce owns (spec 001 §3 "User info"). */
export interface CommerceUserInfo {
  is_user_subscribed: boolean;
  owns_paid_courses: boolean;
  has_active_b2c_trial: boolean;
  has_availed_b2c_trial: boolean;
  preferred_subscription_id: number | null;
  preferred_subscription_price: number | null;
}

export function createEntitlementsService({
  db,
  clock,
  organizationSeat = noOrganizationSeat,
  changes,
}: EntitlementsDeps) {
  const holdings = createFeedCache<
    number,
    { subscriptions: SubscriptionRow[]; purchases: CoursePurchaseRow[] }
  >(changes, { maxEntries: ENTITLEMENT_CACHE_MAX_ENTRIES });
  const prices = createFeedCache<number, { minFeatureSet: number }>(changes, {
    maxEntries: ENTITLEMENT_CACHE_MAX_ENTRIES,
  });
  changes?.on('access', (userId) => holdings.delete(Number(userId)));
  changes?.on('collection', (collectionId) => prices.delete(Number(collectionId)));

  /** All of a user's subscriptions (newest first) and live purchases, for reads. */
  const holdingsOf = (userId: number) =>
    holdings.get(userId, async () => {
      const [subscriptions, purchases] = await Promise.all([
        repo.findSubscriptionsOf(db, userId),
        repo.findLivePurchasesOf(db, userId),
      ]);
      return { subscriptions, purchases };
    });

  /** hasAccess on the cached inputs: the lesson read's check. */
  async function mayRead(userId: number, collection: PricedCollection): Promise<boolean> {
    if (collection.isFree) return true;
    const { minFeatureSet: required } = await prices.get(collection.id, async () => ({
      minFeatureSet: await minFeatureSetOf(collection.id),
    }));
    const held = await holdingsOf(userId);
    const current = currentOf(held.subscriptions, clock.now());
    if (current.some((subscription) => featureSetCovers(subscription.featureSet, required))) return true;
    const purchase = held.purchases.find((row) => row.collectionId === collection.id);
    if (purchase && purchase.suspendedAt === null) return true;
    return organizationSeat(userId, collection.id);
  }

  async function currentSubscriptions(userId: number): Promise<SubscriptionRow[]> {
    return repo.findCurrentSubscriptions(db, userId, ENTITLING_STATUSES, clock.now());
  }

  async function minFeatureSetOf(collectionId: number): Promise<number> {
    return (await repo.findCoursePrice(db, collectionId))?.minFeatureSet ?? DEFAULT_MIN_FEATURE_SET;
  }

  async function hasAccess(userId: number, collection: PricedCollection): Promise<boolean> {
    if (collection.isFree) return true;
    const required = await minFeatureSetOf(collection.id);
    const subscriptions = await currentSubscriptions(userId);
    if (subscriptions.some((subscription) => featureSetCovers(subscription.featureSet, required))) {
      return true;
    }
    // A purchase whose payment is disputed opens nothing until the dispute is settled.
    const purchase = await repo.findLivePurchase(db, userId, collection.id);
    if (purchase && purchase.suspendedAt === null) return true;
    return organizationSeat(userId, collection.id);
  }

  return {
    hasAccess,
    currentSubscriptions,
    minFeatureSetOf,

    /**
     * Whether one of the user's current subscriptions covers a feature set (the work area's plan limits ask
     * for Work 250, which premium covers too). Read fresh, through the caller's executor: it is asked inside
     * the transaction that creates an item.
     */
    async hasFeatureSet(userId: number, featureSet: number, executor: DbExecutor = db): Promise<boolean> {
      const current = await repo.findCurrentSubscriptions(executor, userId, ENTITLING_STATUSES, clock.now());
      return current.some((subscription) => featureSetCovers(subscription.featureSet, featureSet));
    },

    /** Throws the spec's refusal when a signed-in learner may not read a non-preview lesson of this collection. */
    async assertCanRead(userId: number, collection: PricedCollection): Promise<void> {
      if (!(await mayRead(userId, collection))) throw CommerceErrors.notInSubscription();
    },

    async userInfo(userId: number): Promise<CommerceUserInfo> {
      const now = clock.now();
      const held = await holdingsOf(userId);
      const all = held.subscriptions;
      const current = currentOf(all, now);
      const preferred = current[0] ?? null;
      return {
        is_user_subscribed: current.length > 0,
        owns_paid_courses: held.purchases.length > 0,
        has_active_b2c_trial: current.some(
          (subscription) => TRIAL_KINDS.includes(subscription.kind) && subscription.expiresAt > now,
        ),
        has_availed_b2c_trial: all.some((subscription) => TRIAL_KINDS.includes(subscription.kind)),
        preferred_subscription_id: preferred?.id ?? null,
        preferred_subscription_price:
          preferred && preferred.kind !== SubscriptionKind.FreeTrial ? preferred.priceCents / 100 : null,
      };
    },
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
