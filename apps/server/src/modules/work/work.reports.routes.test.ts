import { WorkItemListSchema } from '@coderoom/contracts';
import { WorkMessages } from '@coderoom/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { jobs } from '../../db/schema.js';
import type { Database } from '../../platform/db/database.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { openTestDatabase, signUp, type TestClient, TestClock, waitFor } from '../../test/harness.js';
import { SCHEDULED_REPORT_JOB } from './work.service.js';

// The catch-up sweep of scheduled reports (docs/work.md): an API process runs without a worker while the
// clock moves past several dates of a weekly report; when a worker starts, the report gets one task, for
// the latest date that came, saying how many were missed, and its next date is in the future again.

const DAY = 86_400_000;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function start(database: Database, clock: TestClock, runJobs: boolean): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: database.db }),
    clock,
    logger: false,
    runJobs,
  });
  await app.ready();
  closers.push(() => app.close());
  return app;
}

/** An API without a worker, a weekly report starting tomorrow, and the clock three weeks past it. */
async function reportMissedThreeWeeks() {
  const { database, drop } = await openTestDatabase();
  closers.push(drop);
  const clock = new TestClock();
  const api = await start(database, clock, false);
  const owner = await signUp(api);
  const mate = await signUp(api);
  const first = new Date(clock.now().getTime() + DAY);
  const created = await owner.client.post('/api/workflows/scheduled-reports', {
    title: 'Weekly status',
    description: 'What moved this week.',
    assignees_list: [mate.user.user_id],
    repeat_every: 1,
    repeat_type: 'weeks',
    repeat_on_weekday: first.getUTCDay(),
    next_scheduled_date: first.toISOString(),
  });
  expect(created.statusCode, created.body).toBe(201);
  clock.advance(DAY + 21 * DAY + 3_600_000);
  return { database, clock, owner, mate, first };
}

async function tasksOf(client: TestClient) {
  return WorkItemListSchema.parse((await client.get('/api/workflows/items?kind=task&tab=mine')).json()).items;
}

describe('scheduled reports missed while no worker ran', () => {
  it('get one task for the latest missed date when a worker starts, even with their queued run gone', async () => {
    const { database, clock, owner, mate, first } = await reportMissedThreeWeeks();
    // Nothing runs without a worker.
    expect(await tasksOf(mate.client)).toEqual([]);
    // The queued run is lost (it failed for good while the database was away).
    await database.db
      .update(jobs)
      .set({ state: 'failed' })
      .where(and(eq(jobs.kind, SCHEDULED_REPORT_JOB), eq(jobs.state, 'queued')));

    await start(database, clock, true);
    const tasks = await waitFor(async () => {
      const found = await tasksOf(mate.client);
      return found.length > 0 ? found : undefined;
    }, 'the catch-up task');
    const latest = new Date(first.getTime() + 21 * DAY);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.title).toBe(`Weekly status — ${latest.toISOString().slice(0, 10)}`);
    expect(tasks[0]?.description).toBe(`What moved this week.\n\n${WorkMessages.ReportsMissed(3)}`);
    expect(tasks[0]?.due_date).toBe(new Date(latest.getTime() + DAY).toISOString());

    const [report] = (await owner.client.get('/api/workflows/scheduled-reports')).json().reports;
    expect(report.next_scheduled_date).toBe(new Date(latest.getTime() + 7 * DAY).toISOString());
    // The chain goes on: the next run is queued for that date.
    const queued = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, SCHEDULED_REPORT_JOB), eq(jobs.state, 'queued')));
    expect(queued).toHaveLength(1);
    // Queued with a delay from the service's reading of the clock, so a few milliseconds may separate them.
    const lag = (queued[0]?.runAt.getTime() ?? 0) - new Date(report.next_scheduled_date).getTime();
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60_000);
  });

  it('run once when the queued run and the sweep both find the report due', async () => {
    const { database, clock, mate } = await reportMissedThreeWeeks();
    await start(database, clock, true);
    // The queued run and the sweep are both done: the old job finished, a new one waits for next week.
    await waitFor(async () => {
      const rows = await database.db.select().from(jobs).where(eq(jobs.kind, SCHEDULED_REPORT_JOB));
      const states = rows.map((job) => job.state).sort();
      return states.join() === 'done,queued';
    }, 'the queued run');
    const tasks = await waitFor(async () => {
      const found = await tasksOf(mate.client);
      return found.length > 0 ? found : undefined;
    }, 'the report task');
    expect(tasks).toHaveLength(1);
  });
});
