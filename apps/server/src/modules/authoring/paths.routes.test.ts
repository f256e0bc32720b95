import type { AuthorCollectionResponse, CourseHome } from '@coderoom/contracts';
import { CourseReviewState, ErrorMessages } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

// The path editor's calls (/patheditor): a path's details and its ordered list of published courses.

let t: TestApp;
let author: TestClient;
let stranger: TestClient;
let admin: TestClient;
let courseA: number;
let courseB: number;
let courseC: number;

beforeAll(async () => {
  t = await buildTestApp();
  author = (await signUp(t.app, { full_name: 'Pat Pathmaker' })).client;
  stranger = (await signUp(t.app)).client;
  const adminUser = await buildUser(t.database, { admin: true });
  admin = new TestClient(t.app);
  const login = await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
  expect(login.statusCode).toBe(200);
  courseA = (await buildCourse(t.database, { title: 'Alpha Course' })).collection.id;
  courseB = (await buildCourse(t.database, { title: 'Beta Course' })).collection.id;
  courseC = (await buildCourse(t.database, { title: 'Gamma Course', earlyAccess: true })).collection.id;
});
afterAll(async () => {
  await t.close();
});

async function newCollection(workType: 'path' | 'course', client = author) {
  const response = await client.post(`/api/author/collection?work_type=${workType}`, { title: 'A path' });
  expect(response.statusCode).toBe(201);
  const ids = response.json() as { author_id: number; collection_id: number };
  const url = `/api/author/${ids.author_id}/collection/${ids.collection_id}`;
  const read = await client.get(url);
  return { ...ids, url, etag: (read.json() as AuthorCollectionResponse).etag };
}

function put(client: TestClient, url: string, etag: string, body: unknown) {
  return client.request('PUT', url, body, { headers: { 'if-match': etag } });
}

describe('path courses', () => {
  it('saves details and courses in order and answers them as cards', async () => {
    const path = await newCollection('path');
    const response = await put(author, path.url, path.etag, {
      title: 'Web Foundations',
      summary: 'Two courses.',
      difficulty: 'intermediate',
      path_courses: [courseB, courseA],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as AuthorCollectionResponse;
    expect(body.collection.title).toBe('Web Foundations');
    expect(body.collection.path_courses.map((card) => [card.collection_id, card.title])).toEqual([
      [courseB, 'Beta Course'],
      [courseA, 'Alpha Course'],
    ]);
    expect(body.etag).not.toBe(path.etag);

    // Reordering is a save of the whole list; other details are kept.
    const reordered = await put(author, path.url, body.etag, { path_courses: [courseA, courseB, courseC] });
    expect(reordered.statusCode).toBe(200);
    const again = (await author.get(path.url)).json() as AuthorCollectionResponse;
    expect(again.collection.path_courses.map((card) => card.collection_id)).toEqual([
      courseA,
      courseB,
      courseC,
    ]);
    expect(again.collection.summary).toBe('Two courses.');
    expect(again.collection.difficulty).toBe('intermediate');
  });

  it('shows the saved courses on the path homepage once published', async () => {
    const path = await newCollection('path');
    const saved = await put(author, path.url, path.etag, { path_courses: [courseB, courseA] });
    expect(saved.statusCode).toBe(200);
    const published = await author.post(`${path.url}/publish`);
    expect(published.statusCode).toBe(200);
    const home = await author.get(`/api/reader/collection/${path.author_id}/${path.collection_id}`);
    expect(home.statusCode).toBe(200);
    expect((home.json() as CourseHome).collection.path_courses?.map((card) => card.title)).toEqual([
      'Beta Course',
      'Alpha Course',
    ]);
    // Readers only see it once a reviewer approves it.
    const asStranger = await stranger.get(`/api/reader/collection/${path.author_id}/${path.collection_id}`);
    expect(asStranger.statusCode).toBe(404);
    const submit = await author.put(`${path.url}/submit-for-review`);
    expect(submit.statusCode).toBe(200);
    const decision = await admin.post(`/api/admin/review/${path.collection_id}`, { decision: 'approve' });
    expect(decision.json()).toMatchObject({ review_state: CourseReviewState.Approved });
    const approved = await stranger.get(`/api/reader/collection/${path.author_id}/${path.collection_id}`);
    expect(
      (approved.json() as CourseHome).collection.path_courses?.map((card) => card.collection_id),
    ).toEqual([courseB, courseA]);
  });

  it('refuses duplicates, unpublished courses, paths and unknown ids', async () => {
    const path = await newCollection('path');
    const draftCourse = await newCollection('course');
    const otherPath = await newCollection('path');
    const cases: Array<[number[], string]> = [
      [[courseA, courseA], 'path_courses'],
      [[courseA, draftCourse.collection_id], 'path_courses.1'],
      [[otherPath.collection_id], 'path_courses.0'],
      [[99999999], 'path_courses.0'],
    ];
    for (const [ids, field] of cases) {
      const response = await put(author, path.url, path.etag, { path_courses: ids });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    const bad = await put(author, path.url, path.etag, { path_courses: ['x'] });
    expect(bad.statusCode).toBe(400);
    const tooMany = await put(author, path.url, path.etag, {
      path_courses: Array.from({ length: 51 }, (_, index) => index + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    // Nothing was stored.
    const read = (await author.get(path.url)).json() as AuthorCollectionResponse;
    expect(read.etag).toBe(path.etag);
    expect(read.collection.path_courses).toEqual([]);
  });

  it('lists courses in paths only', async () => {
    const course = await newCollection('course');
    const response = await put(author, course.url, course.etag, { path_courses: [courseA] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ path_courses: 'Only a path lists courses.' });
  });

  it('needs the current eTag: a stale one is a 409, a missing one a 400', async () => {
    const path = await newCollection('path');
    const first = await put(author, path.url, path.etag, { path_courses: [courseA] });
    expect(first.statusCode).toBe(200);
    const stale = await put(author, path.url, path.etag, { path_courses: [courseB] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(ErrorMessages.ContentJustUpdated);
    const missing = await author.put(path.url, { path_courses: [courseB] });
    expect(missing.statusCode).toBe(400);
    const read = (await author.get(path.url)).json() as AuthorCollectionResponse;
    expect(read.collection.path_courses.map((card) => card.collection_id)).toEqual([courseA]);
  });

  it("keeps other users out of a path's draft", async () => {
    const path = await newCollection('path');
    const loggedOut = await t.app.inject({
      method: 'PUT',
      url: path.url,
      payload: { path_courses: [courseA] },
      headers: { 'if-match': path.etag },
    });
    // Logged out: the CSRF check or the session check refuses the write; a read is a 401.
    expect([401, 403]).toContain(loggedOut.statusCode);
    expect((await t.app.inject({ method: 'GET', url: path.url })).statusCode).toBe(401);
    expect((await stranger.get(path.url)).statusCode).toBe(404);
    const write = await put(stranger, path.url, path.etag, { path_courses: [courseA] });
    expect(write.statusCode).toBe(404);
    // The author id is part of the address.
    const wrongAuthor = path.url.replace(`/author/${path.author_id}/`, `/author/${path.author_id + 1}/`);
    expect((await author.get(wrongAuthor)).statusCode).toBe(404);
  });
});

describe('POST /api/author/path/{id} (spec 000 §7, the path editor)', () => {
  const savePath = (client: TestClient, id: number, etag: string, body: unknown) =>
    client.request('POST', `/api/author/path/${id}`, body, { headers: { 'if-match': etag } });

  it('saves the path by its id alone, with the eTag, as a collection update does', async () => {
    const path = await newCollection('path');
    const saved = await savePath(author, path.collection_id, path.etag, {
      title: 'Saved by id',
      path_courses: [courseA, courseB],
    });
    expect(saved.statusCode).toBe(200);
    const body = saved.json() as AuthorCollectionResponse;
    expect(body.etag).not.toBe(path.etag);
    const read = (await author.get(path.url)).json() as AuthorCollectionResponse;
    expect(read.collection.title).toBe('Saved by id');
    expect(read.collection.path_courses.map((card) => card.collection_id)).toEqual([courseA, courseB]);
    const stale = await savePath(author, path.collection_id, path.etag, { path_courses: [courseB] });
    expect(stale.statusCode).toBe(409);
  });

  it('answers 404 for a course, a missing path, or a path the caller may not edit', async () => {
    const course = await newCollection('course');
    expect((await savePath(author, course.collection_id, course.etag, { title: 'x' })).statusCode).toBe(404);
    expect((await savePath(author, 99_999_999, 'x', { title: 'x' })).statusCode).toBe(404);
    const path = await newCollection('path');
    const foreign = await savePath(stranger, path.collection_id, path.etag, { title: 'Mine now' });
    expect(foreign.statusCode).toBe(404);
    const read = (await author.get(path.url)).json() as AuthorCollectionResponse;
    expect(read.collection.title).toBe('A path');
  });
});
