import type {
  AuthorCollectionResponse,
  FeaturedItemsResponse,
  SetItemStatusResponse,
} from '@coderoom/contracts';
import { ITEM_STATUS_CHOICE_MESSAGE } from '@coderoom/contracts';
import { ItemStatus, OfflineMessages } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../../db/schema.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { AuthoringErrors } from './authoring.errors.js';

// Item status 101–104 (spec 000 §4; docs/content-model.md "Offline"): an author takes a course offline
// (103) and back, a platform admin too (104, which only an admin undoes); readers are told why instead of
// reading it, at once, although every read before came from the caches.

let t: TestApp;
let course: Awaited<ReturnType<typeof buildCourse>>;
let author: TestClient;
let admin: TestClient;
let learner: TestClient;
const visitor = () => new TestClient(t.app);

beforeAll(async () => {
  t = await buildTestApp();
  course = await buildCourse(t.database, { title: 'Offline Switch Course', lessons: 2, preview: [0] });
  author = new TestClient(t.app);
  await author.post('/api/user/login', { email: course.author.email, password: course.author.password });
  const adminUser = await buildUser(t.database, { admin: true, fullName: 'Platform Admin' });
  admin = new TestClient(t.app);
  await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
  learner = (await signUp(t.app)).client;
});
afterAll(async () => t?.close());

const statusUrl = () => `/api/author/${course.author.id}/collection/${course.collection.id}/status`;
const homeUrl = () => `/api/reader/collection/${course.author.id}/${course.collection.id}`;
const lessonUrl = (index: number) => `${homeUrl()}/page/${course.pageIds[index]}`;
const codeUrl = () => `/api/reader/collection/code/${course.collection.encodedId}`;

async function storedStatus(): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ status: collections.status })
    .from(collections)
    .where(eq(collections.id, course.collection.id));
  return row?.status;
}

async function listed(): Promise<boolean> {
  const response = await visitor().get('/api/reader/featured_items?search_string=Offline%20Switch');
  const body = response.json() as FeaturedItemsResponse;
  return body.items.some((item) => item.collection_id === course.collection.id);
}

async function inSitemap(): Promise<boolean> {
  return (await visitor().get('/sitemap.xml')).body.includes(`/${course.collection.encodedId}<`);
}

/**
 * Every reader's view of the course: the homepage (by id and by code) and the lessons — both for a learner,
 * the preview lesson for a visitor (the other asks a visitor to log in).
 */
async function readerAnswers(client: TestClient) {
  const answers = [];
  const lessons = client === learner ? [lessonUrl(0), lessonUrl(1)] : [lessonUrl(0)];
  for (const url of [homeUrl(), codeUrl(), ...lessons]) {
    const response = await client.get(url);
    answers.push({
      url,
      status: response.statusCode,
      errorText: (response.json() as { errorText?: string }).errorText,
    });
  }
  return answers;
}

describe('taking a course offline', () => {
  it('the author takes it offline (103): readers are told why at once, the author still sees it', async () => {
    // Warm every cache first: these reads must not outlive the change.
    for (const client of [visitor(), learner]) {
      for (const answer of await readerAnswers(client)) expect(answer.status).toBe(200);
    }
    expect(await listed()).toBe(true);
    expect(await inSitemap()).toBe(true);

    const response = await author.put(statusUrl(), { status: ItemStatus.OfflineByAuthor });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual<SetItemStatusResponse>({
      collection_id: course.collection.id,
      status: ItemStatus.OfflineByAuthor,
      status_choices: [ItemStatus.Enabled, ItemStatus.OfflineByAuthor],
    });
    expect(await storedStatus()).toBe(ItemStatus.OfflineByAuthor);

    for (const client of [visitor(), learner]) {
      for (const answer of await readerAnswers(client)) {
        expect(answer, answer.url).toMatchObject({
          status: 403,
          errorText: OfflineMessages[ItemStatus.OfflineByAuthor],
        });
      }
    }
    expect(await listed()).toBe(false);
    expect(await inSitemap()).toBe(false);

    // Its author still reads it, in the studio and as a reader.
    const studio = await author.get(`/api/author/${course.author.id}/collection/${course.collection.id}`);
    expect(studio.statusCode).toBe(200);
    expect((studio.json() as AuthorCollectionResponse).collection).toMatchObject({
      status: ItemStatus.OfflineByAuthor,
      status_choices: [ItemStatus.Enabled, ItemStatus.OfflineByAuthor],
    });
    expect((await author.get(lessonUrl(1))).statusCode).toBe(200);
    expect((await admin.get(lessonUrl(1))).statusCode).toBe(200);

    // And brings it back: readers read it again straight away.
    const back = await author.put(statusUrl(), { status: ItemStatus.Enabled });
    expect(back.statusCode).toBe(200);
    expect(await storedStatus()).toBe(ItemStatus.Enabled);
    for (const answer of await readerAnswers(learner)) expect(answer.status).toBe(200);
    expect(await listed()).toBe(true);
  });

  it('a platform admin takes it offline (104), which only an admin undoes', async () => {
    const response = await admin.put(statusUrl(), { status: ItemStatus.OfflineByAdmin });
    expect(response.statusCode).toBe(200);
    expect((response.json() as SetItemStatusResponse).status_choices).toEqual([
      ItemStatus.Enabled,
      ItemStatus.OfflineByAuthor,
      ItemStatus.OfflineByAdmin,
    ]);
    for (const answer of await readerAnswers(learner)) {
      expect(answer).toMatchObject({ status: 403, errorText: OfflineMessages[ItemStatus.OfflineByAdmin] });
    }

    // The author sees it in the studio, with no choice left, and cannot bring it back or move it.
    const studio = await author.get(`/api/author/${course.author.id}/collection/${course.collection.id}`);
    expect((studio.json() as AuthorCollectionResponse).collection.status_choices).toEqual([]);
    for (const status of [ItemStatus.Enabled, ItemStatus.OfflineByAuthor]) {
      const refused = await author.put(statusUrl(), { status });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorText: AuthoringErrors.StatusForAdmins });
    }
    expect(await storedStatus()).toBe(ItemStatus.OfflineByAdmin);

    const back = await admin.put(statusUrl(), { status: ItemStatus.Enabled });
    expect(back.statusCode).toBe(200);
    expect(await storedStatus()).toBe(ItemStatus.Enabled);
    for (const answer of await readerAnswers(visitor())) expect(answer.status).toBe(200);
  });

  it('an author may not claim an admin decision (104)', async () => {
    const refused = await author.put(statusUrl(), { status: ItemStatus.OfflineByAdmin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorText: AuthoringErrors.StatusForAdmins });
    expect(await storedStatus()).toBe(ItemStatus.Enabled);
  });

  it('refuses visitors, learners and statuses other than 101, 103 and 104', async () => {
    const anonymous = await visitor().put(statusUrl(), { status: ItemStatus.OfflineByAuthor });
    expect(anonymous.statusCode).toBe(401);
    const byLearner = await learner.put(statusUrl(), { status: ItemStatus.OfflineByAuthor });
    expect(byLearner.statusCode).toBe(403);
    expect(byLearner.json()).toMatchObject({ errorText: AuthoringErrors.NotAnEditor });
    for (const body of [{ status: ItemStatus.Deleted }, { status: 'offline' }, {}]) {
      const invalid = await author.put(statusUrl(), body);
      expect(invalid.statusCode).toBe(400);
      expect((invalid.json() as { errorText: string }).errorText).toContain(ITEM_STATUS_CHOICE_MESSAGE);
    }
    expect(await storedStatus()).toBe(ItemStatus.Enabled);
  });

  it("a direct write to the row (an operator's SQL) reaches the caches through the feed", async () => {
    for (const answer of await readerAnswers(learner)) expect(answer.status).toBe(200);
    await t.database.db
      .update(collections)
      .set({ status: ItemStatus.OfflineByAdmin })
      .where(eq(collections.id, course.collection.id));
    // PostgreSQL delivers the notification a moment after commit: poll, with a deadline.
    await waitFor(
      async () => (await learner.get(lessonUrl(1))).statusCode === 403,
      'the lesson refused after a direct write',
      2_500,
    );
    await t.database.db
      .update(collections)
      .set({ status: ItemStatus.Enabled })
      .where(eq(collections.id, course.collection.id));
    await waitFor(
      async () => (await learner.get(lessonUrl(1))).statusCode === 200,
      'the lesson readable again',
      2_500,
    );
  });

  it('a private or unapproved course that goes offline stays a plain 404', async () => {
    const hidden = await buildCourse(t.database, { title: 'Hidden Offline Course', lessons: 1 });
    await t.database.db
      .update(collections)
      .set({ status: ItemStatus.OfflineByAuthor, isPrivate: true })
      .where(eq(collections.id, hidden.collection.id));
    await waitFor(
      async () =>
        (await learner.get(`/api/reader/collection/${hidden.author.id}/${hidden.collection.id}`))
          .statusCode === 404,
      'a 404 for a private offline course',
      2_500,
    );
  });
});
