import type { RevenueSummary } from '@coderoom/contracts';
import {
  ENTITLING_STATUSES,
  FeatureSetName,
  PlatformAdminRole,
  SubscriptionStatus,
  TermName,
  TRIAL_CHECKOUT_TYPES,
  TRIAL_KINDS,
} from '@coderoom/domain';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { UsersService } from '../accounts/users.service.js';
import { GrowthErrors } from './growth.errors.js';
import * as repo from './growth.repository.js';

// The administrator's revenue figures (issue 17, docs/growth.md), computed on each request from the
// subscriptions and the ledger as they stand: MRR, active subscriptions by plan, trials converting, churn.

export const CHURN_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;
const REVENUE_ADMIN_ROLES: readonly number[] = Object.values(PlatformAdminRole);

const usd = (cents: number) => Math.round(cents) / 100;
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

export interface RevenueDeps {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findById'>;
}

export function createRevenueService({ db, clock, users }: RevenueDeps) {
  return {
    async summary(actorId: number): Promise<RevenueSummary> {
      const actor = await users.findById(actorId);
      if (actor?.adminRole == null || !REVENUE_ADMIN_ROLES.includes(actor.adminRole))
        throw GrowthErrors.adminOnly();
      const now = clock.now();
      const windowStart = new Date(now.getTime() - CHURN_WINDOW_DAYS * DAY_MS);
      const [current, history, netCents] = await Promise.all([
        repo.findCurrentSubscriptionsAll(db, ENTITLING_STATUSES, now),
        repo.findSubscriptionHistory(db),
        repo.sumLedgerSince(db, windowStart),
      ]);

      // MRR: what the paid plans that will renew bring in a month (their renewal price over their term).
      const paid = current.filter((subscription) => !TRIAL_KINDS.includes(subscription.kind));
      const monthlyCents = (subscription: (typeof paid)[number]) =>
        subscription.status === SubscriptionStatus.Active
          ? Math.max(0, subscription.planPriceCents - subscription.lastingDiscountCents) /
            subscription.validityMonths
          : 0;
      const byPlan = new Map<string, { plan: (typeof paid)[number]; active: number; mrrCents: number }>();
      for (const subscription of paid) {
        const entry = byPlan.get(subscription.planKey) ?? { plan: subscription, active: 0, mrrCents: 0 };
        entry.active += 1;
        entry.mrrCents += monthlyCents(subscription);
        byPlan.set(subscription.planKey, entry);
      }
      const mrrCents = paid.reduce((sum, subscription) => sum + monthlyCents(subscription), 0);

      // Trials: started by a trial checkout; converted once charged; active while current and uncharged.
      const trials = history.filter(
        (row) =>
          row.firstCheckoutType !== null && TRIAL_CHECKOUT_TYPES.includes(row.firstCheckoutType as never),
      );
      const converted = trials.filter((row) => row.charges > 0).length;
      const activeTrials = trials.filter(
        (row) =>
          row.charges === 0 &&
          ENTITLING_STATUSES.includes(row.status) &&
          row.expiresAt > now &&
          row.suspendedAt === null,
      ).length;
      const endedUncharged = trials.length - converted - activeTrials;

      // Churn: paying customers with a plan running at the window's start who hold none now. An upgrade
      // ends one subscription and starts another, so customers are counted, not subscriptions.
      const currentUsers = new Set(current.map((subscription) => subscription.userId));
      const ended = new Set<number>([SubscriptionStatus.Expired, SubscriptionStatus.Returned]);
      const atStart = new Set(
        history
          .filter(
            (row) =>
              row.charges > 0 &&
              row.createdAt <= windowStart &&
              row.expiresAt > windowStart &&
              !(ended.has(row.status) && row.updatedAt <= windowStart),
          )
          .map((row) => row.userId),
      );
      const churned = [...atStart].filter((userId) => !currentUsers.has(userId)).length;

      return {
        computed_at: now.toISOString(),
        mrr_usd: usd(mrrCents),
        active_subscriptions: paid.length,
        by_plan: [...byPlan.entries()]
          .map(([planKey, entry]) => ({
            plan_key: planKey,
            title: `${FeatureSetName[entry.plan.featureSet] ?? entry.plan.featureSet} ${TermName[entry.plan.validityMonths] ?? `${entry.plan.validityMonths} months`}`,
            active: entry.active,
            mrr_usd: usd(entry.mrrCents),
          }))
          .sort((a, b) => b.mrr_usd - a.mrr_usd || a.plan_key.localeCompare(b.plan_key)),
        trials: {
          started: trials.length,
          active: activeTrials,
          converted,
          conversion_rate: ratio(converted, converted + endedUncharged),
        },
        churn: {
          window_days: CHURN_WINDOW_DAYS,
          active_at_start: atStart.size,
          churned,
          churn_rate: ratio(churned, atStart.size),
        },
        net_revenue_30d_usd: usd(netCents),
      };
    },
  };
}

export type RevenueService = ReturnType<typeof createRevenueService>;
