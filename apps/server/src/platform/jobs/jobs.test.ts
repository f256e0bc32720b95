import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.js';
import { openTestDatabase, TestClock } from '../../test/harness.js';
import type { Database } from '../db/database.js';
import { createJobQueue, type JobQueue } from './jobs.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

/** A queue on the test database with its own clock; the worker loop is not started unless a test does. */
function newQueue(clock = new TestClock()): { queue: JobQueue; clock: TestClock } {
  return { queue: createJobQueue({ db: database.db, clock, log: { error: () => {} } }), clock };
}

async function row(id: number) {
  const [found] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return found;
}

describe('the job queue', () => {
  it('runs a queued job once, with its payload, and records it done', async () => {
    const { queue } = newQueue();
    const seen: unknown[] = [];
    queue.handle('test.echo', async (payload) => {
      seen.push(payload);
    });
    const id = await queue.enqueue(database.db, 'test.echo', { hello: 'world' });
    expect((await row(id))?.state).toBe('queued');
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([{ hello: 'world' }]);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 1 });
    // Nothing is run twice.
    expect(await queue.runDue()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('waits for a job scheduled later, by the injected clock', async () => {
    const { queue, clock } = newQueue();
    let runs = 0;
    queue.handle('test.later', async () => {
      runs += 1;
    });
    await queue.enqueue(database.db, 'test.later', {}, { delayMs: 60_000 });
    expect(await queue.runDue()).toBe(0);
    clock.advance(61_000);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with growing backoff and gives up after its attempts', async () => {
    const { queue, clock } = newQueue();
    let runs = 0;
    queue.handle('test.flaky', async () => {
      runs += 1;
      throw new Error(`boom ${runs}`);
    });
    const id = await queue.enqueue(database.db, 'test.flaky', {}, { maxAttempts: 3 });
    expect(await queue.runDue()).toBe(1);
    const first = await row(id);
    expect(first).toMatchObject({ state: 'queued', attempts: 1, lastError: 'boom 1' });
    // Not before its backoff has passed.
    expect(await queue.runDue()).toBe(0);
    const firstDelay = (first?.runAt.getTime() ?? 0) - clock.now().getTime();
    expect(firstDelay).toBeGreaterThan(0);

    clock.advance(firstDelay + 1);
    expect(await queue.runDue()).toBe(1);
    const second = await row(id);
    const secondDelay = (second?.runAt.getTime() ?? 0) - clock.now().getTime();
    expect(secondDelay).toBeGreaterThan(firstDelay);

    clock.advance(secondDelay + 1);
    expect(await queue.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'boom 3' });
    clock.advance(24 * 60 * 60_000);
    expect(await queue.runDue()).toBe(0);
    expect(runs).toBe(3);
  });

  it('gives each job to one worker even when two claim at once', async () => {
    const a = newQueue();
    const b = newQueue(a.clock);
    const ran: string[] = [];
    a.queue.handle('test.once', async (payload) => {
      ran.push(`a:${(payload as { n: number }).n}`);
    });
    b.queue.handle('test.once', async (payload) => {
      ran.push(`b:${(payload as { n: number }).n}`);
    });
    for (let n = 0; n < 6; n++) await a.queue.enqueue(database.db, 'test.once', { n });
    await Promise.all([a.queue.runDue(), b.queue.runDue(), a.queue.runDue(), b.queue.runDue()]);
    const numbers = ran.map((entry) => entry.split(':')[1]).sort();
    expect(numbers).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('takes a job back from a worker that died holding it, once its lease is over', async () => {
    const { queue, clock } = newQueue();
    let runs = 0;
    queue.handle('test.lease', async () => {
      runs += 1;
    });
    const id = await queue.enqueue(database.db, 'test.lease', {});
    // A worker claimed it and vanished: the row says running, with a lease in the future.
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedUntil: new Date(clock.now().getTime() + 60_000) })
      .where(eq(jobs.id, id));
    expect(await queue.runDue()).toBe(0);
    clock.advance(61_000);
    expect(await queue.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(runs).toBe(1);
  });

  it('runs jobs in the background once started, soon after they are queued', async () => {
    const { queue } = newQueue();
    const done: number[] = [];
    queue.handle('test.background', async (payload) => {
      done.push((payload as { n: number }).n);
    });
    queue.start();
    try {
      await queue.enqueue(database.db, 'test.background', { n: 7 });
      const deadline = Date.now() + 10_000;
      while (done.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(done).toEqual([7]);
    } finally {
      await queue.stop();
    }
  });

  it('leaves a kind it has no handler for to the workers that have one', async () => {
    // Two processes on one database: one was built without the module that queues this kind.
    const clock = new TestClock();
    const { queue: without } = newQueue(clock);
    without.handle('test.other', async () => {});
    const { queue: withIt } = newQueue(clock);
    const seen: unknown[] = [];
    withIt.handle('test.module', async (payload) => {
      seen.push(payload);
    });
    const id = await withIt.enqueue(database.db, 'test.module', { n: 1 });
    // The worker without the handler does not claim it (before, it took the job and failed it).
    expect(await without.runDue()).toBe(0);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await withIt.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await row(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('refuses a kind nobody handles at enqueue time', async () => {
    const { queue } = newQueue();
    await expect(queue.enqueue(database.db, 'test.nobody', {})).rejects.toThrow(/no handler/);
  });
});
