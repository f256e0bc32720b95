import { LiveInteractionMessages } from '@coderoom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, liveWidgetInteractions } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function courseWithLiveWidgets() {
  const course = await buildCourse(t.database, {
    lessons: 1,
    components: () => [
      { type: 'MarkdownEditor', comp_id: 'intro', content: { text: 'Try the page below.' } },
      {
        type: 'RunJS',
        comp_id: 'page',
        content: {
          html: '<button>Click</button>',
          css: '',
          js: 'document.querySelector("button").onclick = () => alert(1);',
          panes: ['result', 'html', 'css', 'js'],
          lineNumbers: true,
          autoRun: false,
        },
      },
    ],
  });
  const widget = {
    author_id: course.author.id,
    collection_id: course.collection.id,
    page_id: course.pageIds[0] as number,
    comp_id: 'page',
  };
  return { course, widget };
}

const stored = (userId: number) =>
  t.database.db
    .select({ interaction: liveWidgetInteractions.interaction, count: liveWidgetInteractions.count })
    .from(liveWidgetInteractions)
    .where(and(eq(liveWidgetInteractions.userId, userId), eq(liveWidgetInteractions.compId, 'page')))
    .orderBy(liveWidgetInteractions.interaction);

describe('POST /api/userdata/live/interactions', () => {
  it('adds each report to the learner’s totals for the widget', async () => {
    const { widget } = await courseWithLiveWidgets();
    const { client, user } = await signUp(t.app);
    const first = await client.post('/api/userdata/live/interactions', {
      ...widget,
      interactions: [{ interaction: 'run' }, { interaction: 'edit', count: 12 }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      comp_id: 'page',
      interactions: {
        edit: { count: 12, first_at: expect.any(String), last_at: expect.any(String) },
        run: { count: 1, first_at: expect.any(String), last_at: expect.any(String) },
      },
    });

    t.clock.advance(60_000);
    const second = await client.post('/api/userdata/live/interactions', {
      ...widget,
      interactions: [{ interaction: 'run', count: 3 }, { interaction: 'reset' }],
    });
    const totals = second.json().interactions;
    expect(totals.run.count).toBe(4);
    expect(totals.edit.count).toBe(12);
    expect(totals.reset.count).toBe(1);
    // The test clock runs on from real time; an hour would be a stale first_at.
    const spread = Date.parse(totals.run.last_at) - Date.parse(totals.run.first_at);
    expect(spread).toBeGreaterThanOrEqual(60_000);
    expect(spread).toBeLessThan(120_000);
    expect(totals.edit.last_at).toBe(totals.edit.first_at);
    expect(await stored(user.user_id)).toEqual([
      { interaction: 'edit', count: 12 },
      { interaction: 'reset', count: 1 },
      { interaction: 'run', count: 4 },
    ]);
  });

  it('keeps each learner’s interactions apart', async () => {
    const { widget } = await courseWithLiveWidgets();
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    await first.client.post('/api/userdata/live/interactions', {
      ...widget,
      interactions: [{ interaction: 'run', count: 5 }],
    });
    const other = await second.client.post('/api/userdata/live/interactions', {
      ...widget,
      interactions: [{ interaction: 'run' }],
    });
    expect(other.json().interactions.run.count).toBe(1);
    expect(await stored(first.user.user_id)).toEqual([{ interaction: 'run', count: 5 }]);
  });

  it.each([
    [{ interactions: [] }, 'interactions', 'Interactions: name at least one interaction'],
    [
      { interactions: [{ interaction: 'run' }, { interaction: 'run' }] },
      'interactions',
      'Interactions: name each interaction once',
    ],
    [
      { interactions: [{ interaction: 'dance' }] },
      'interactions.0.interaction',
      'Interaction must be one of: run, edit, reset, solution.',
    ],
    [
      { interactions: [{ interaction: 'run', count: 0 }] },
      'interactions.0.count',
      'Count: must be at least 1',
    ],
    [
      { interactions: [{ interaction: 'run', count: 1001 }] },
      'interactions.0.count',
      'Count: must be at most 1000',
    ],
    [{ interactions: undefined }, 'interactions', "Interactions can't be blank."],
    [{ comp_id: '' }, 'comp_id', "Comp id: can't be blank"],
    [{ secret: 1 }, 'secret', 'Unknown field.'],
  ])('refuses %j with 400 and stores nothing', async (overrides, field, message) => {
    const { widget } = await courseWithLiveWidgets();
    const { client, user } = await signUp(t.app);
    const response = await client.post('/api/userdata/live/interactions', {
      ...widget,
      interactions: [{ interaction: 'run' }],
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await stored(user.user_id)).toEqual([]);
  });

  it('takes live widgets only, on the lesson named', async () => {
    const { widget } = await courseWithLiveWidgets();
    const { client } = await signUp(t.app);
    const markdown = await client.post('/api/userdata/live/interactions', {
      ...widget,
      comp_id: 'intro',
      interactions: [{ interaction: 'run' }],
    });
    expect(markdown.statusCode).toBe(400);
    expect(markdown.json()).toEqual({
      errorText: LiveInteractionMessages.NotLive,
      errors: { comp_id: LiveInteractionMessages.NotLive },
    });
    const missing = await client.post('/api/userdata/live/interactions', {
      ...widget,
      comp_id: 'nope',
      interactions: [{ interaction: 'run' }],
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 401 to visitors and 404 to learners who cannot read the lesson', async () => {
    const { course, widget } = await courseWithLiveWidgets();
    const body = { ...widget, interactions: [{ interaction: 'run' }] };
    expect((await new TestClient(t.app).post('/api/userdata/live/interactions', body)).statusCode).toBe(401);

    const { client, user } = await signUp(t.app);
    await t.database.db
      .update(collections)
      .set({ isPrivate: true })
      .where(eq(collections.id, course.collection.id));
    // Hidden straight in the database: the read path hears of it by NOTIFY when the write commits, so poll.
    await waitFor(
      async () => (await client.post('/api/userdata/live/interactions', body)).statusCode === 404,
      'the private lesson to be refused',
      2_500,
    );
    expect(await stored(user.user_id)).toEqual([]);
  });
});

describe('GET /api/userdata/live/interactions', () => {
  const query = (widget: Record<string, string | number>) =>
    `/api/userdata/live/interactions?${new URLSearchParams(
      Object.entries(widget).map(([key, value]): [string, string] => [key, String(value)]),
    )}`;

  it('reads the learner’s own totals back, and nobody else’s', async () => {
    const { widget } = await courseWithLiveWidgets();
    const { client } = await signUp(t.app);
    const empty = await client.get(query(widget));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ comp_id: 'page', interactions: {} });

    await client.post('/api/userdata/live/interactions', {
      ...widget,
      interactions: [{ interaction: 'run', count: 3 }, { interaction: 'solution' }],
    });
    const back = await client.get(query(widget));
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      comp_id: 'page',
      interactions: { run: { count: 3 }, solution: { count: 1 } },
    });

    const other = (await signUp(t.app)).client;
    expect((await other.get(query(widget))).json()).toEqual({ comp_id: 'page', interactions: {} });
  });

  it('refuses visitors, bad queries, other widgets and lessons the learner cannot read', async () => {
    const { course, widget } = await courseWithLiveWidgets();
    expect((await new TestClient(t.app).get(query(widget))).statusCode).toBe(401);
    const { client } = await signUp(t.app);
    expect((await client.get(query({ ...widget, page_id: 'x' }))).statusCode).toBe(400);
    const notLive = await client.get(query({ ...widget, comp_id: 'intro' }));
    expect(notLive.statusCode).toBe(400);
    expect(notLive.json()).toMatchObject({ errorText: LiveInteractionMessages.NotLive });
    await t.database.db
      .update(collections)
      .set({ isPrivate: true })
      .where(eq(collections.id, course.collection.id));
    await waitFor(
      async () => (await client.get(query(widget))).statusCode === 404,
      'the private lesson to be refused',
      2_500,
    );
  });
});
