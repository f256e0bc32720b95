import { StreakResponseSchema } from '@coderoom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, pageCompletions } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

const DAY_MS = 86_400_000;
// A Wednesday, noon UTC.
const NOW = new Date('2024-03-13T12:00:00Z');

let t: TestApp;
let collectionId: number;
let pageCounter = 30_000_000;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.advance(NOW.getTime() - t.clock.now().getTime());
  const author = await buildUser(t.database);
  const [collection] = await t.database.db
    .insert(collections)
    .values({ authorId: author.id, encodedId: `goals${process.pid}`, workType: 'course', etag: 'goals' })
    .returning();
  collectionId = collection!.id;
});
afterAll(async () => {
  await t.close();
});

/** A completed lesson at an instant, written as the progress module would. */
async function completeLessonAt(userId: number, at: string): Promise<void> {
  pageCounter += 1;
  await t.database.db
    .insert(pageCompletions)
    .values({ userId, authorId: 1, collectionId, pageId: pageCounter, completedAt: new Date(at) });
}

async function streakOf(client: TestClient, query = '') {
  const response = await client.get(`/api/userdata/streak${query}`);
  expect(response.statusCode).toBe(200);
  return StreakResponseSchema.parse(response.json());
}

describe('weekly goal', () => {
  it('is unset at first, then keeps what the learner chose', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/userdata/weekly-goal')).json()).toEqual({
      days_per_week: null,
      time_zone: null,
    });

    const saved = await client.put('/api/userdata/weekly-goal', {
      days_per_week: 3,
      time_zone: 'Europe/Berlin',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ days_per_week: 3, time_zone: 'Europe/Berlin' });

    await client.put('/api/userdata/weekly-goal', { days_per_week: 5, time_zone: 'Asia/Kolkata' });
    expect((await client.get('/api/userdata/weekly-goal')).json()).toEqual({
      days_per_week: 5,
      time_zone: 'Asia/Kolkata',
    });
  });

  it.each([
    [{ days_per_week: 0, time_zone: 'UTC' }, 'days_per_week', 'Days per week: must be between 1 and 7'],
    [{ days_per_week: 8, time_zone: 'UTC' }, 'days_per_week', 'Days per week: must be between 1 and 7'],
    [{ days_per_week: 2.5, time_zone: 'UTC' }, 'days_per_week', undefined],
    [{ days_per_week: 3 }, 'time_zone', "Time zone can't be blank."],
    [{ days_per_week: 3, time_zone: 'Mars/Olympus_Mons' }, 'time_zone', undefined],
    [{ days_per_week: 3, time_zone: '+05:30' }, 'time_zone', undefined],
  ])('refuses %j', async (body, field, message) => {
    const { client } = await signUp(t.app);
    const response = await client.put('/api/userdata/weekly-goal', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
    if (message) expect(response.json().errors[field]).toBe(message);
    expect((await client.get('/api/userdata/weekly-goal')).json().days_per_week).toBeNull();
  });

  it('needs a logged-in learner', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/userdata/weekly-goal')).statusCode).toBe(401);
    expect(
      (await anonymous.put('/api/userdata/weekly-goal', { days_per_week: 3, time_zone: 'UTC' })).statusCode,
    ).toBe(401);
    expect((await anonymous.get('/api/userdata/streak')).statusCode).toBe(401);
  });
});

describe('GET /api/userdata/streak', () => {
  it('counts consecutive days with a completed lesson and shows this week', async () => {
    const { client, user } = await signUp(t.app);
    await client.put('/api/userdata/weekly-goal', { days_per_week: 4, time_zone: 'UTC' });
    for (const at of [
      '2024-03-01T09:00:00Z',
      '2024-03-02T09:00:00Z',
      '2024-03-03T09:00:00Z',
      '2024-03-04T09:00:00Z',
      // A gap on the 5th, then Monday to Wednesday of this week, twice on Tuesday.
      '2024-03-11T09:00:00Z',
      '2024-03-12T09:00:00Z',
      '2024-03-12T18:00:00Z',
      '2024-03-13T08:00:00Z',
    ]) {
      await completeLessonAt(user.user_id, at);
    }
    const streak = await streakOf(client);
    expect(streak).toMatchObject({
      current_streak: 3,
      longest_streak: 4,
      days_active_this_week: 3,
      goal_days: 4,
      time_zone: 'UTC',
      today: '2024-03-13',
    });
    expect(streak.week_days).toEqual([
      { date: '2024-03-11', active: true },
      { date: '2024-03-12', active: true },
      { date: '2024-03-13', active: true },
      { date: '2024-03-14', active: false },
      { date: '2024-03-15', active: false },
      { date: '2024-03-16', active: false },
      { date: '2024-03-17', active: false },
    ]);
  });

  it('keeps the streak through today, and ends it after a day without learning', async () => {
    const { client, user } = await signUp(t.app);
    await completeLessonAt(user.user_id, '2024-03-12T10:00:00Z');
    await completeLessonAt(user.user_id, '2024-03-13T10:00:00Z');
    expect((await streakOf(client)).current_streak).toBe(2);

    t.clock.advance(DAY_MS);
    try {
      expect((await streakOf(client)).current_streak).toBe(2);
      t.clock.advance(DAY_MS);
      const broken = await streakOf(client);
      expect(broken).toMatchObject({ current_streak: 0, longest_streak: 2, days_active_this_week: 2 });
    } finally {
      t.clock.advance(-2 * DAY_MS);
    }
  });

  it("counts days in the learner's time zone", async () => {
    const { client, user } = await signUp(t.app);
    // 13:00 and 23:00 on the 12th in Los Angeles, but two different days in UTC.
    await completeLessonAt(user.user_id, '2024-03-12T20:00:00Z');
    await completeLessonAt(user.user_id, '2024-03-13T06:00:00Z');
    await client.put('/api/userdata/weekly-goal', { days_per_week: 2, time_zone: 'America/Los_Angeles' });

    const stored = await streakOf(client);
    expect(stored).toMatchObject({ current_streak: 1, time_zone: 'America/Los_Angeles' });
    expect(stored.week_days.filter((day) => day.active).map((day) => day.date)).toEqual(['2024-03-12']);

    const fromBrowser = await streakOf(client, '?time_zone=UTC');
    expect(fromBrowser).toMatchObject({ current_streak: 2, days_active_this_week: 2, time_zone: 'UTC' });
  });

  it("ignores other learners' lessons", async () => {
    const busy = await signUp(t.app);
    await completeLessonAt(busy.user.user_id, '2024-03-13T09:00:00Z');
    const { client } = await signUp(t.app);
    expect(await streakOf(client)).toMatchObject({
      current_streak: 0,
      longest_streak: 0,
      days_active_this_week: 0,
      goal_days: null,
    });
  });

  it('refuses an unknown time zone', async () => {
    const { client } = await signUp(t.app);
    const response = await client.get('/api/userdata/streak?time_zone=Nowhere/Special');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['time_zone']);
  });
});
