import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { type JobRow, jobs } from '../../db/schema.js';
import type { DbExecutor } from '../db/database.js';

// SQL for the jobs table (0023_jobs.sql) and nothing else: the queue's rules live in jobs.ts.

export async function insertJob(
  db: DbExecutor,
  values: { kind: string; payload: unknown; runAt: Date; maxAttempts: number },
): Promise<number> {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  if (!row) throw new Error('insertJob: no row returned');
  return row.id;
}

/**
 * Claims up to `limit` due jobs in one statement: queued ones whose time has come, and running ones whose
 * worker let the lease lapse. SKIP LOCKED lets concurrent workers each take different rows instead of
 * queueing behind one another.
 */
export async function claimDueJobs(
  db: DbExecutor,
  options: { now: Date; leaseUntil: Date; limit: number; kinds: readonly string[] },
): Promise<JobRow[]> {
  if (options.kinds.length === 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [...options.kinds]),
        or(
          and(eq(jobs.state, 'queued'), lte(jobs.runAt, options.now)),
          and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, options.now)),
        ),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: options.leaseUntil })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Only the claim this worker holds (the same attempt) may finish a job. */
export async function markJobDone(db: DbExecutor, id: number, attempt: number, at: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', lockedUntil: null, finishedAt: at })
    .where(and(eq(jobs.id, id), eq(jobs.attempts, attempt), eq(jobs.state, 'running')));
}

export async function rescheduleJob(
  db: DbExecutor,
  id: number,
  attempt: number,
  values: { runAt: Date; lastError: string },
): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'queued', lockedUntil: null, runAt: values.runAt, lastError: values.lastError })
    .where(and(eq(jobs.id, id), eq(jobs.attempts, attempt), eq(jobs.state, 'running')));
}

export async function markJobFailed(
  db: DbExecutor,
  id: number,
  attempt: number,
  values: { at: Date; lastError: string },
): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'failed', lockedUntil: null, finishedAt: values.at, lastError: values.lastError })
    .where(and(eq(jobs.id, id), eq(jobs.attempts, attempt), eq(jobs.state, 'running')));
}

export async function deleteFinishedJobsBefore(db: DbExecutor, before: Date): Promise<void> {
  await db.delete(jobs).where(and(inArray(jobs.state, ['done', 'failed']), lte(jobs.finishedAt, before)));
}
