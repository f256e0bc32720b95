import type { AuthorPayouts, PayoutMethod, PayoutMethodRequest } from '@coderoom/contracts';
import {
  AUTHOR_SALE_SHARE_PERCENT,
  AUTHOR_SUBSCRIPTION_POOL_PERCENT,
  looksLikeAccountNumber,
  monthKey,
  monthStart,
  nextMonthStart,
  PAYOUT_TOKEN_HINTS,
  PAYOUT_TOKEN_PATTERNS,
  type PayoutMethodKind,
  percentOfCents,
  splitByWeight,
} from '@coderoom/domain';
import type { AuthorPayoutMethodRow } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbExecutor } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/jobs.js';
import { usd } from './commerce.presenter.js';
import { PayoutErrors } from './payouts.errors.js';
import * as repo from './payouts.repository.js';

// Author payouts (docs/commerce.md "Author payouts"). Once a UTC month is over, a worker job closes it:
// AUTHOR_SUBSCRIPTION_POOL_PERCENT of the month's net subscription revenue (ledger charges less refunds
// and chargebacks of subscription payments) is shared among priced courses by the seconds learners read
// them that month (largest-remainder rounding: no cent lost or made), and AUTHOR_SALE_SHARE_PERCENT of
// each course's own net sales (à la carte) goes to its author (rounded down to the cent). The month's basis
// and every author's statement are written in one transaction, once, and never changed.

/** Job kind: close one month (payload `{ month: 'YYYY-MM' }`). */
export const CLOSE_PAYOUT_MONTH_JOB = 'commerce.close_payout_month';
/** A month closes this long after it ends, so the ledger's last writes of the month have settled. */
const CLOSE_DELAY_MS = 60 * 60_000;

const monthDate = (start: Date) => `${monthKey(start)}-01`;

function monthOfPayload(payload: unknown): Date | null {
  const month = (payload as { month?: unknown } | null)?.month;
  if (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return null;
  return new Date(`${month}-01T00:00:00.000Z`);
}

function presentMethod(row: AuthorPayoutMethodRow): PayoutMethod {
  return {
    kind: row.kind as PayoutMethodKind,
    token_hint: `${'•'.repeat(Math.max(0, Math.min(8, row.token.length - 4)))}${row.token.slice(-4)}`,
    label: row.label,
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface PayoutsDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
}

export function createPayoutsService({ db, clock, jobs }: PayoutsDeps) {
  async function queueClose(executor: DbExecutor, start: Date): Promise<void> {
    const closesAt = nextMonthStart(start).getTime() + CLOSE_DELAY_MS;
    await jobs.enqueue(
      executor,
      CLOSE_PAYOUT_MONTH_JOB,
      { month: monthKey(start) },
      { delayMs: Math.max(0, closesAt - clock.now().getTime()) },
    );
  }

  /** Closes a finished month; answers false when it was closed before (a job run twice writes once). */
  async function closeMonth(start: Date): Promise<boolean> {
    const end = nextMonthStart(start);
    if (clock.now().getTime() < end.getTime()) throw new Error(`month ${monthKey(start)} is not over`);
    return db.transaction(async (tx) => {
      const netCents = await repo.sumSubscriptionLedger(tx, start, end);
      const poolCents = netCents > 0 ? percentOfCents(netCents, AUTHOR_SUBSCRIPTION_POOL_PERCENT) : 0;
      const reading = await repo.sumPricedReading(tx, monthDate(start));
      const sales = await repo.sumCourseSales(tx, start, end);
      const totalSeconds = reading.reduce((sum, row) => sum + row.seconds, 0);
      const closed = await repo.insertPayoutMonth(tx, {
        month: monthDate(start),
        netSubscriptionCents: netCents,
        poolCents,
        totalReadingSeconds: totalSeconds,
        computedAt: clock.now(),
      });
      if (!closed) return false;

      const readingShares = splitByWeight(
        poolCents,
        reading.map((row) => ({ key: row.collectionId, weight: row.seconds })),
      );
      const secondsOf = new Map(reading.map((row) => [row.collectionId, row.seconds]));
      const salesOf = new Map(sales.map((row) => [row.collectionId, row.netCents]));
      const courses = await repo.findCollectionsByIds(tx, [
        ...new Set([...secondsOf.keys(), ...salesOf.keys()]),
      ]);
      const byAuthor = new Map<number, typeof courses>();
      for (const course of courses)
        byAuthor.set(course.authorId, [...(byAuthor.get(course.authorId) ?? []), course]);

      for (const [authorId, authored] of [...byAuthor].sort((a, b) => a[0] - b[0])) {
        const lines = authored.map((course) => {
          const salesNetCents = salesOf.get(course.id) ?? 0;
          return {
            collectionId: course.id,
            title: course.title,
            readingSeconds: secondsOf.get(course.id) ?? 0,
            readingShareCents: readingShares.get(course.id) ?? 0,
            salesNetCents,
            salesShareCents: percentOfCents(salesNetCents, AUTHOR_SALE_SHARE_PERCENT),
          };
        });
        const readingShareCents = lines.reduce((sum, line) => sum + line.readingShareCents, 0);
        const salesShareCents = lines.reduce((sum, line) => sum + line.salesShareCents, 0);
        await repo.insertStatement(
          tx,
          {
            month: monthDate(start),
            authorId,
            readingShareCents,
            salesShareCents,
            totalCents: readingShareCents + salesShareCents,
            createdAt: clock.now(),
          },
          lines,
        );
      }
      // The next month closes after this one: one chain of jobs, whatever the number of starts.
      await queueClose(tx, end);
      return true;
    });
  }

  jobs.handle(CLOSE_PAYOUT_MONTH_JOB, async (payload) => {
    const start = monthOfPayload(payload);
    if (start) await closeMonth(start);
  });

  async function assertAuthor(userId: number): Promise<void> {
    if ((await repo.countCollectionsOf(db, userId)) === 0) throw PayoutErrors.authorOnly();
  }

  return {
    closeMonth,

    /**
     * At a worker's start: close last month if it is still open, and queue this month's close. Starting
     * twice queues twice; a month closes once, and only the job that closes it queues the next.
     */
    async schedule(): Promise<void> {
      const current = monthStart(clock.now());
      const previous = monthStart(new Date(current.getTime() - 1));
      await jobs.enqueue(db, CLOSE_PAYOUT_MONTH_JOB, { month: monthKey(previous) });
      await queueClose(db, current);
    },

    async savePayoutMethod(userId: number, input: PayoutMethodRequest): Promise<PayoutMethod> {
      await assertAuthor(userId);
      if (looksLikeAccountNumber(input.token)) throw PayoutErrors.looksLikeAccountNumber('token');
      if (input.label && looksLikeAccountNumber(input.label))
        throw PayoutErrors.looksLikeAccountNumber('label');
      if (!PAYOUT_TOKEN_PATTERNS[input.kind].test(input.token)) {
        throw PayoutErrors.tokenInvalid(PAYOUT_TOKEN_HINTS[input.kind]);
      }
      const row = await repo.upsertPayoutMethod(db, {
        authorId: userId,
        kind: input.kind,
        token: input.token,
        label: input.label || null,
        updatedAt: clock.now(),
      });
      return presentMethod(row);
    },

    async authorPayouts(userId: number): Promise<AuthorPayouts> {
      await assertAuthor(userId);
      const [method, statements] = await Promise.all([
        repo.findPayoutMethod(db, userId),
        repo.findStatementsOf(db, userId),
      ]);
      return {
        method: method ? presentMethod(method) : null,
        subscription_pool_percent: AUTHOR_SUBSCRIPTION_POOL_PERCENT,
        sale_share_percent: AUTHOR_SALE_SHARE_PERCENT,
        statements: statements.map(({ statement, month, lines }) => ({
          month: statement.month.slice(0, 7),
          total_usd: usd(statement.totalCents),
          reading_share_usd: usd(statement.readingShareCents),
          sales_share_usd: usd(statement.salesShareCents),
          pool_usd: usd(month.poolCents),
          net_subscription_revenue_usd: usd(month.netSubscriptionCents),
          total_reading_seconds: month.totalReadingSeconds,
          computed_at: month.computedAt.toISOString(),
          lines: lines.map((line) => ({
            collection_id: line.collectionId,
            title: line.title,
            reading_seconds: line.readingSeconds,
            reading_share_usd: usd(line.readingShareCents),
            sales_net_usd: usd(line.salesNetCents),
            sales_share_usd: usd(line.salesShareCents),
          })),
        })),
      };
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
