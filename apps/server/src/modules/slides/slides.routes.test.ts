import type { Widget } from '@coderoom/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { SlidesMessages } from './slides.errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const slides = (compId: string, frames: number): Widget => ({
  type: 'CanvasAnimation',
  comp_id: compId,
  content: { frames: Array.from({ length: frames }, (_, index) => ({ caption: `Step ${index + 1}` })) },
});

async function courseWithSlides() {
  const course = await buildCourse(t.database, {
    lessons: 1,
    components: () => [
      slides('loop', 4),
      { type: 'MarkdownEditor', comp_id: 'intro', content: { text: 'Read this first.' } },
    ],
  });
  const ref = {
    author_id: course.author.id,
    collection_id: course.collection.id,
    page_id: course.pageIds[0] as number,
    comp_id: 'loop',
  };
  const query = (overrides: Record<string, string | number> = {}) =>
    `/api/slides/data?${new URLSearchParams(
      Object.entries({ ...ref, ...overrides }).map(([name, value]): [string, string] => [
        name,
        String(value),
      ]),
    )}`;
  return { course, ref, query };
}

describe('POST/GET /api/slides/data', () => {
  it('starts on the first frame, then keeps the frame and every frame seen across visits', async () => {
    const { ref, query } = await courseWithSlides();
    const { client } = await signUp(t.app);

    const fresh = await client.get(query());
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      comp_id: 'loop',
      frame: 0,
      frames_seen: [],
      frame_count: 4,
      completed: false,
      updated_at: null,
    });

    for (const frame of [1, 3, 1]) {
      const saved = await client.post('/api/slides/data', { ...ref, frame });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().frame).toBe(frame);
    }
    const back = (await client.get(query())).json();
    // The frame left counts as seen too: the learner was on it (frame 0 when they opened the slides).
    expect(back).toMatchObject({ frame: 1, frames_seen: [0, 1, 3], completed: false });
    expect(Date.parse(back.updated_at)).not.toBeNaN();

    const done = await client.post('/api/slides/data', { ...ref, frame: 2 });
    expect(done.json()).toMatchObject({ frame: 2, frames_seen: [0, 1, 2, 3], completed: true });

    // The lesson hands the same state to the page with its other widget data.
    const lesson = await client.get(
      `/api/reader/collection/${ref.author_id}/${ref.collection_id}/page/${ref.page_id}`,
    );
    expect(lesson.json().widget_data).toEqual({ loop: { frame: 2, frames_seen: [0, 1, 2, 3] } });
  });

  it('keeps each learner to their own place', async () => {
    const { ref, query } = await courseWithSlides();
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    await first.client.post('/api/slides/data', { ...ref, frame: 3 });
    expect((await second.client.get(query())).json()).toMatchObject({ frame: 0, frames_seen: [] });
    expect((await first.client.get(query())).json()).toMatchObject({ frame: 3, frames_seen: [0, 3] });
  });

  it.each([
    [{ frame: 4 }, 'frame', SlidesMessages.frameOutOfRange(4)],
    [{ frame: -1 }, 'frame', 'Frame: must not be negative'],
    [{ frame: 1.5 }, 'frame', 'Frame: must be a whole number'],
    [{ frame: undefined }, 'frame', "Frame can't be blank."],
    [{ comp_id: '' }, 'comp_id', "Comp id: can't be blank"],
    [{ page_id: 'x' }, 'page_id', 'Page id must be a number.'],
    [{ extra: true }, 'extra', 'Unknown field.'],
  ])('refuses %j with 400 and stores nothing', async (overrides, field, message) => {
    const { ref, query } = await courseWithSlides();
    const { client } = await signUp(t.app);
    const response = await client.post('/api/slides/data', { ...ref, frame: 1, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect((await client.get(query())).json().updated_at).toBeNull();
  });

  it('refuses widgets that are not slides or not on the lesson, and bad queries', async () => {
    const { ref, query } = await courseWithSlides();
    const { client } = await signUp(t.app);
    const markdown = await client.post('/api/slides/data', { ...ref, comp_id: 'intro', frame: 0 });
    expect(markdown.statusCode).toBe(400);
    expect(markdown.json()).toEqual({
      errorText: SlidesMessages.NotSlides,
      errors: { comp_id: SlidesMessages.NotSlides },
    });
    expect((await client.get(query({ comp_id: 'intro' }))).statusCode).toBe(400);
    const missing = await client.get(query({ comp_id: 'nope' }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorText).toBe('This widget does not exist on this lesson.');
    const bad = await client.get(query({ page_id: 'abc' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('page_id');
  });

  it('answers 401 to visitors and 404 to learners who cannot read the lesson', async () => {
    const { course, ref, query } = await courseWithSlides();
    const visitor = new TestClient(t.app);
    expect((await visitor.get(query())).statusCode).toBe(401);
    expect((await visitor.post('/api/slides/data', { ...ref, frame: 1 })).statusCode).toBe(401);

    const { client } = await signUp(t.app);
    await t.database.db
      .update(collections)
      .set({ isPrivate: true })
      .where(eq(collections.id, course.collection.id));
    // Hidden straight in the database: the read path hears of it by NOTIFY when the write commits, so poll.
    await waitFor(
      async () => (await client.post('/api/slides/data', { ...ref, frame: 1 })).statusCode === 404,
      'the private lesson to be refused',
      2_500,
    );
    expect((await client.get(query())).statusCode).toBe(404);
  });
});
