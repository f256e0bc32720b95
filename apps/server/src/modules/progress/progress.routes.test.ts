import type { CompletionResponse, MyWorksResponse } from '@coderoom/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function completionUrl(course: Awaited<ReturnType<typeof buildCourse>>, index: number): string {
  return `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${course.pageIds[index]}/completion`;
}

describe('lesson completion', () => {
  it('counts mandatory lessons only and carries progress to a second device', async () => {
    const course = await buildCourse(t.database, { lessons: 4, optional: [3] });
    const { client, email } = await signUp(t.app);
    const response = await client.put(completionUrl(course, 0), { completed: true });
    expect(response.statusCode).toBe(200);
    const body: CompletionResponse = response.json();
    expect(body.progress).toMatchObject({ mandatory_total: 3, mandatory_completed: 1, percent: 33 });
    expect(body.certificate).toBeNull();
    // The optional lesson does not move the percentage.
    await client.put(completionUrl(course, 3), { completed: true });

    const otherDevice = new TestClient(t.app);
    await otherDevice.post('/api/user/login', { email, password: 'Str0ng!Pass' });
    const home = await otherDevice.get(`/api/reader/collection/${course.author.id}/${course.collection.id}`);
    expect(home.json().progress).toMatchObject({
      percent: 33,
      completed_page_ids: [course.pageIds[0], course.pageIds[3]],
    });
    const lesson = await otherDevice.get(
      `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${course.pageIds[0]}`,
    );
    expect(lesson.json().is_completed).toBe(true);
  });

  it('can be undone', async () => {
    const course = await buildCourse(t.database, { lessons: 2 });
    const { client } = await signUp(t.app);
    await client.put(completionUrl(course, 0), { completed: true });
    const response = await client.put(completionUrl(course, 0), { completed: false });
    expect(response.json().progress).toMatchObject({ mandatory_completed: 0, percent: 0 });
  });

  it('issues one certificate when every mandatory lesson is complete, verifiable by anyone', async () => {
    const course = await buildCourse(t.database, { title: 'Certified Course', lessons: 2, optional: [1] });
    const { client } = await signUp(t.app, { full_name: 'Grace Hopper' });
    const response = await client.put(completionUrl(course, 0), { completed: true });
    const body: CompletionResponse = response.json();
    expect(body.progress.percent).toBe(100);
    expect(body.certificate).toMatchObject({
      learner_name: 'Grace Hopper',
      course_title: 'Certified Course',
    });
    const hash = body.certificate?.hash ?? '';

    await client.put(completionUrl(course, 0), { completed: false });
    const again = await client.put(completionUrl(course, 0), { completed: true });
    expect(again.json().certificate.hash).toBe(hash);

    const list = await client.get('/api/get-all-certificates');
    expect(list.json().certificates.map((certificate: { hash: string }) => certificate.hash)).toEqual([hash]);
    const verify = await new TestClient(t.app).get(`/api/certificates/verify/${hash}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ learner_name: 'Grace Hopper', verify_url: `/certificate/${hash}` });
    expect((await new TestClient(t.app).get(`/api/certificates/verify/${'0'.repeat(32)}`)).statusCode).toBe(
      404,
    );
    expect((await new TestClient(t.app).get('/api/certificates/verify/not-a-hash')).statusCode).toBe(404);
  });

  it('needs a login, a boolean, and a lesson the learner may read', async () => {
    const course = await buildCourse(t.database, { lessons: 2 });
    expect((await new TestClient(t.app).put(completionUrl(course, 0), { completed: true })).statusCode).toBe(
      401,
    );
    const { client } = await signUp(t.app);
    const bad = await client.put(completionUrl(course, 0), { completed: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('completed');
    await t.database.db
      .update(collections)
      .set({ isPrivate: true })
      .where(eq(collections.id, course.collection.id));
    expect((await client.put(completionUrl(course, 0), { completed: true })).statusCode).toBe(404);
  });
});

describe('my learning', () => {
  it('lists in-progress, completed and saved works, and what to continue', async () => {
    const started = await buildCourse(t.database, { title: 'Started Course', lessons: 2 });
    const finished = await buildCourse(t.database, { title: 'Finished Course', lessons: 1 });
    const saved = await buildCourse(t.database, { title: 'Saved Course', lessons: 1 });
    const { client } = await signUp(t.app);
    expect((await client.get('/api/userdata/continue-learning')).json()).toEqual({ work: null });

    await client.put(completionUrl(finished, 0), { completed: true });
    await client.get(
      `/api/reader/collection/${started.author.id}/${started.collection.id}/page/${started.pageIds[1]}`,
    );
    const pin = await client.put('/api/pinwork', {
      author_id: saved.author.id,
      work_id: saved.collection.id,
    });
    expect(pin.statusCode).toBe(200);

    const tab = async (name: string) =>
      ((await client.get(`/api/reader/my-works?tab=${name}`)).json() as MyWorksResponse).works.map(
        (work) => work.card.title,
      );
    expect(await tab('in-progress')).toEqual(['Started Course']);
    expect(await tab('completed')).toEqual(['Finished Course']);
    expect(await tab('saved')).toEqual(['Saved Course']);
    expect((await tab('my-courses')).sort()).toEqual(['Finished Course', 'Started Course']);
    const completed = await client.get('/api/reader/all-completed-works');
    expect(completed.json().works[0]).toMatchObject({ percent: 100, card: { title: 'Finished Course' } });

    const resume = (await client.get('/api/userdata/continue-learning')).json();
    expect(resume.work).toMatchObject({
      card: { title: 'Started Course' },
      percent: 0,
      resume_url: `/collection/page/${started.author.id}/${started.collection.id}/${started.pageIds[1]}`,
    });

    await client.put('/api/unpinwork', { author_id: saved.author.id, work_id: saved.collection.id });
    expect(await tab('saved')).toEqual([]);
  });

  it('refuses pins of content the learner cannot see, bad bodies and logged-out callers', async () => {
    const hidden = await buildCourse(t.database, { lessons: 1 });
    await t.database.db
      .update(collections)
      .set({ isPrivate: true })
      .where(eq(collections.id, hidden.collection.id));
    const { client } = await signUp(t.app);
    expect(
      (await client.put('/api/pinwork', { author_id: hidden.author.id, work_id: hidden.collection.id }))
        .statusCode,
    ).toBe(404);
    expect((await client.put('/api/pinwork', { author_id: 'x' })).statusCode).toBe(400);
    expect((await client.get('/api/reader/my-works?tab=everything')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/reader/my-works?tab=saved')).statusCode).toBe(401);
    expect((await new TestClient(t.app).get('/api/userdata/continue-learning')).statusCode).toBe(401);
    expect((await new TestClient(t.app).get('/api/get-all-certificates')).statusCode).toBe(401);
    // The spec's path only; the old name is gone.
    expect((await new TestClient(t.app).get('/api/certificates')).statusCode).toBe(404);
  });
});

describe('reading preferences', () => {
  it('start from the defaults, are saved per user and validated', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/userdata/reading-preferences')).json()).toMatchObject({ font_size: 17 });
    const preferences = {
      markdown_width: 'wide',
      font_size: 20,
      line_height: 1.9,
      heading_font: 'serif',
      body_font: 'serif',
    };
    expect((await client.put('/api/userdata/reading-preferences', preferences)).statusCode).toBe(200);
    expect((await client.get('/api/userdata/reading-preferences')).json()).toEqual(preferences);
    const other = await signUp(t.app);
    expect((await other.client.get('/api/userdata/reading-preferences')).json()).toMatchObject({
      font_size: 17,
    });
    const bad = await client.put('/api/userdata/reading-preferences', { ...preferences, font_size: 99 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('font_size');
    expect((await new TestClient(t.app).get('/api/userdata/reading-preferences')).statusCode).toBe(401);
  });
});
