import type { Clock } from '../clock.js';
import type { Db, DbExecutor } from '../db/database.js';
import * as repo from './jobs.repository.js';

/** Does one job's work; throwing schedules a retry (docs/jobs.md). Must be safe to run twice. */
export type JobHandler = (payload: unknown) => Promise<void>;

export interface EnqueueOptions {
  /** Run no earlier than this long from now (default: at once). */
  delayMs?: number;
  /** Runs before giving up (default 5). */
  maxAttempts?: number;
}

export interface JobQueue {
  /** One handler per kind; registered at start, before the worker runs. */
  handle(kind: string, handler: JobHandler): void;
  /**
   * Adds a job. Pass the transaction of the change the job belongs to, so the job exists exactly when
   * the change does. Answers the job's id.
   */
  enqueue(executor: DbExecutor, kind: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  /** Claims and runs one batch of due jobs; answers how many ran. Tests call it to step the queue. */
  runDue(): Promise<number>;
  /** Starts the in-process worker loop (idempotent). */
  start(): void;
  /** Stops the loop and waits for the batch in hand to finish. */
  stop(): Promise<void>;
}

const BATCH_SIZE = 10;
const DEFAULT_MAX_ATTEMPTS = 5;
/** How long a claimed job is ours; a worker that dies gives the job back after this. */
const LEASE_MS = 5 * 60_000;
/** Idle poll: jobs queued by other processes, retries coming due. Our own enqueues wake the loop at once. */
const POLL_MS = 1000;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;
const CLEANUP_EVERY_MS = 60 * 60_000;

/** Exponential backoff with jitter: ~10 s, 20 s, 40 s … capped at an hour. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

export function createJobQueue(deps: {
  db: Db;
  clock: Clock;
  log: { error(details: object, message: string): void };
}): JobQueue {
  const { db, clock, log } = deps;
  const handlers = new Map<string, JobHandler>();
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let batch: Promise<unknown> = Promise.resolve();
  let lastCleanup = 0;

  async function runOne(job: Awaited<ReturnType<typeof repo.claimDueJobs>>[number]): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await repo.markJobDone(db, job.id, job.attempts, clock.now());
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      if (job.attempts >= job.maxAttempts) {
        log.error({ jobId: job.id, kind: job.kind, err: error }, 'job failed for good');
        await repo.markJobFailed(db, job.id, job.attempts, { at: now, lastError });
      } else {
        const runAt = new Date(now.getTime() + backoffMs(job.attempts));
        await repo.rescheduleJob(db, job.id, job.attempts, { runAt, lastError });
      }
    }
  }

  async function runDue(): Promise<number> {
    const now = clock.now();
    const claimed = await repo.claimDueJobs(db, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: BATCH_SIZE,
      // Only kinds this worker can run: a process built without a module (or an older version during a
      // rolling deploy) leaves that module's jobs to the workers that have it, instead of failing them.
      kinds: [...handlers.keys()],
    });
    // One at a time: a batch is small, and handlers (mail) should not stampede an outside service.
    for (const job of claimed) await runOne(job);
    if (now.getTime() - lastCleanup > CLEANUP_EVERY_MS) {
      lastCleanup = now.getTime();
      await repo.deleteFinishedJobsBefore(db, new Date(now.getTime() - KEEP_FINISHED_MS));
    }
    return claimed.length;
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick(): void {
    timer = null;
    batch = runDue()
      .then((count) => schedule(count === BATCH_SIZE ? 0 : POLL_MS))
      .catch((error: unknown) => {
        log.error({ err: error }, 'job worker loop failed');
        schedule(POLL_MS);
      });
  }

  return {
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} already has a handler`);
      handlers.set(kind, handler);
    },

    async enqueue(executor, kind, payload, options = {}) {
      if (!handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
      const id = await repo.insertJob(executor, {
        kind,
        payload,
        runAt: new Date(clock.now().getTime() + (options.delayMs ?? 0)),
        maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      });
      // Soon rather than at once: a job queued in a transaction exists only after its commit.
      schedule(10);
      return id;
    },

    runDue,

    start() {
      if (running) return;
      running = true;
      schedule(0);
    },

    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await batch;
    },
  };
}
