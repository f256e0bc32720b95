import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Lesson } from '@coderoom/contracts';
import { ViewedFlag } from '@coderoom/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerWorks } from '../../db/schema.js';
import { buildCourse } from '../../test/factories.js';
import {
  buildTestApp,
  signUp,
  type TestApp,
  TestClient,
  VALID_PASSWORD,
  waitFor,
} from '../../test/harness.js';

// The read path's statement budget (docs/performance.md): counted on the database handle's counter,
// never timed. The numbers are upper bounds a change must not raise without saying why.

let t: TestApp;
let course: Awaited<ReturnType<typeof buildCourse>>;
beforeAll(async () => {
  t = await buildTestApp();
  course = await buildCourse(t.database, { title: 'Read Path Course', lessons: 3, preview: [0] });
});
afterAll(async () => t?.close());

const lessonUrl = (pageId: number | undefined) =>
  `/api/reader/collection/${course.author.id}/${course.collection.id}/page/${pageId}`;

async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const before = t.database.stats.statements;
  await work();
  return t.database.stats.statements - before;
}

describe('the read path', () => {
  it('reads a warm lesson in no statement, logged in or anonymous, and re-reading writes nothing', async () => {
    const { client, user } = await signUp(t.app);
    const first = course.pageIds[0];
    const second = course.pageIds[1];

    // The first visit records the learner's place (a write); the re-read right after needs none.
    expect((await client.get(lessonUrl(first))).statusCode).toBe(200);
    const visit = () =>
      t.database.db
        .select({ lastPageId: learnerWorks.lastPageId, lastVisitedAt: learnerWorks.lastVisitedAt })
        .from(learnerWorks)
        .where(
          and(eq(learnerWorks.userId, user.user_id), eq(learnerWorks.collectionId, course.collection.id)),
        );
    const [recorded] = await visit();
    expect(recorded?.lastPageId).toBe(first);

    // The visit's write drops the learner's cached state (and the collection's learner count) in every
    // process, so the reads right after it load them again (on PostgreSQL until its notification has
    // come back); from then on every access input comes from the caches the change feed keeps right
    // (docs/performance.md, "Caches").
    await waitFor(
      async () => (await statementsOf(() => client.get(lessonUrl(first)))) === 0,
      'a read answered from the caches',
      2_500,
    );
    let reread: Lesson | undefined;
    const statements = await statementsOf(async () => {
      reread = (await client.get(lessonUrl(first))).json() as Lesson;
    });
    expect(statements).toBe(0);
    expect(reread?.progress?.last_page_id).toBe(first);
    expect(await visit()).toEqual([recorded]);

    // Another lesson is a change worth writing.
    const moved = (await client.get(lessonUrl(second))).json() as Lesson;
    expect(moved.progress?.last_page_id).toBe(second);
    expect((await visit())[0]?.lastPageId).toBe(second);

    // A visitor reads a preview lesson from the caches too.
    const visitor = new TestClient(t.app);
    expect((await visitor.get(lessonUrl(first))).statusCode).toBe(200);
    await waitFor(
      async () => (await statementsOf(() => visitor.get(lessonUrl(first)))) === 0,
      "a visitor's read answered from the caches",
      2_500,
    );
  });

  it('sends user info without a statement when warm, and reads again after the user changes', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
    await waitFor(
      async () => (await statementsOf(() => client.get('/api/user/info'))) === 0,
      'user info answered from the caches',
      2_500,
    );
    expect(await statementsOf(() => client.get('/api/user/info'))).toBe(0);
    // A write to the user's row (here a viewed flag) drops the cached copy at once.
    const marked = await client.put('/api/user/viewed-flags', { flags: [ViewedFlag.WeeklyGoalsTour] });
    expect(marked.statusCode, marked.body).toBe(200);
    const info = (await client.get('/api/user/info')).json() as { viewed_flags: Record<string, boolean> };
    expect(info.viewed_flags[ViewedFlag.WeeklyGoalsTour]).toBe(true);
  });

  it('looks up no session for the health check, and a session once per few seconds otherwise', async () => {
    const { client } = await signUp(t.app);
    expect(await statementsOf(() => client.get('/api/health'))).toBe(0);
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
    // The session is in the process's cache; past its few seconds it is looked up once more (what else
    // user info reads belongs to the modules that fill it in).
    const cached = await statementsOf(() => client.get('/api/user/info'));
    t.clock.advance(10_000);
    expect(await statementsOf(() => client.get('/api/user/info'))).toBe(cached + 1);
  });

  it('ends a cached session at once on logout and on a password change elsewhere', async () => {
    const { client, email } = await signUp(t.app);
    const other = new TestClient(t.app);
    expect((await other.post('/api/user/login', { email, password: VALID_PASSWORD })).statusCode).toBe(200);
    expect((await other.get('/api/user/info')).statusCode).toBe(200);
    const token = other.cookies.get('cr_session');
    expect((await other.post('/api/user/logout')).statusCode).toBe(200);
    other.cookies.set('cr_session', token ?? '');
    expect((await other.get('/api/user/info')).statusCode).toBe(401);
    expect((await client.get('/api/user/info')).statusCode).toBe(200);

    // A password change ends every other session of the account, cached ones included.
    const third = new TestClient(t.app);
    expect((await third.post('/api/user/login', { email, password: VALID_PASSWORD })).statusCode).toBe(200);
    expect((await third.get('/api/user/info')).statusCode).toBe(200);
    const changed = await client.post('/api/user/password', {
      current_password: VALID_PASSWORD,
      new_password: `${VALID_PASSWORD}2`,
    });
    expect(changed.statusCode).toBe(200);
    expect((await third.get('/api/user/info')).statusCode).toBe(401);
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
  });

  it('sends a lesson compressed as the reader accepts, the same JSON as uncompressed', async () => {
    const { client } = await signUp(t.app);
    const url = lessonUrl(course.pageIds[1]);
    // The first visit is a change of its own (the visit, the course's learner count): read past it, until
    // the answer comes from the caches (on PostgreSQL its notification arrives a moment later).
    expect((await client.get(url)).statusCode).toBe(200);
    await waitFor(
      async () => (await statementsOf(() => client.get(url))) === 0,
      'a read answered from the caches',
      2_500,
    );
    const plain = await client.get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round += 1) {
        const packed = await client.request('GET', url, undefined, {
          headers: { 'accept-encoding': accept },
        });
        expect(packed.statusCode).toBe(200);
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers.etag).toBe(plain.headers.etag);
        expect(packed.headers.vary).toContain('accept-encoding');
        expect(decode(packed.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
  });

  it('answers 304 to a reader who already holds the same answer, and a new answer after a change', async () => {
    const visitor = new TestClient(t.app);
    const url = lessonUrl(course.pageIds[0]);
    const first = await visitor.get(url);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await visitor.request('GET', url, undefined, {
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const catalogue = await visitor.get('/api/reader/featured_items');
    const revalidated = await visitor.request('GET', '/api/reader/featured_items', undefined, {
      headers: { 'if-none-match': String(catalogue.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    // A learner's own answer moves with their progress: completing the lesson changes it.
    const { client } = await signUp(t.app);
    const before = await client.get(url);
    const done = await client.put(`${url}/completion`, { completed: true });
    expect(done.statusCode).toBe(200);
    const after = await client.request('GET', url, undefined, {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
