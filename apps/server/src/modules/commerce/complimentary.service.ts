import { ENTITLING_STATUSES, SubscriptionKind, SubscriptionStatus } from '@coderoom/domain';
import type { SubscriptionRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import { CommerceErrors } from './commerce.errors.js';
import * as repo from './commerce.repository.js';

// Plans given, not sold (the student plan of /github-students, docs/growth.md). Nothing is charged, so no
// payment or ledger row: the subscription costs 0, is marked with its source as its processor, and starts
// with its renewal cancelled (7002) — it runs its term and then expires; no renewal job is queued.

export function createComplimentaryPlansService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async hasCurrentPlan(userId: number): Promise<boolean> {
      return (await repo.findCurrentSubscriptions(db, userId, ENTITLING_STATUSES, clock.now())).length > 0;
    },

    /** Grants `planKey` for its term, from now, in the caller's transaction. */
    async grantIn(tx: DbExecutor, userId: number, planKey: string, source: string): Promise<SubscriptionRow> {
      const plan = await repo.findPlan(tx, planKey);
      if (!plan) throw CommerceErrors.unknownPlan();
      const now = clock.now();
      const expiresAt = new Date(now);
      expiresAt.setUTCMonth(expiresAt.getUTCMonth() + plan.validityMonths);
      return repo.insertSubscription(tx, {
        userId,
        planKey: plan.planKey,
        featureSet: plan.featureSet,
        validityMonths: plan.validityMonths,
        status: SubscriptionStatus.RenewalCancelled,
        kind: SubscriptionKind.Paid,
        priceCents: 0,
        paymentProcessor: source,
        startsAt: now,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
    },
  };
}

export type ComplimentaryPlansService = ReturnType<typeof createComplimentaryPlansService>;
