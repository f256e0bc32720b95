import { MY_COLLECTIONS_PAGE_SIZE, type MyCollectionsResponse } from '@coderoom/contracts';
import { CourseReviewState, ItemStatus } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, type TestClient } from '../../test/harness.js';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
let helper: TestClient;
let helperEmail: string;
let stranger: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  ({
    client: owner,
    user: { user_id: ownerId },
  } = await signUp(t.app, { full_name: 'Olga Owner' }));
  ({ client: helper, email: helperEmail } = await signUp(t.app, { full_name: 'Hugo Helper' }));
  ({ client: stranger } = await signUp(t.app));
});
afterAll(async () => {
  await t.close();
});

async function create(client: TestClient, workType: 'course' | 'path', title: string) {
  const response = await client.post(`/api/author/collection?work_type=${workType}`, { title });
  expect(response.statusCode).toBe(201);
  return response.json() as { author_id: number; collection_id: number };
}

async function list(client: TestClient, query = '') {
  const response = await client.get(`/api/author/collections${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as MyCollectionsResponse;
}

describe('GET /api/author/collections', () => {
  it('is for signed-in users only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/author/collections' });
    expect(response.statusCode).toBe(401);
  });

  it('starts empty', async () => {
    expect(await list(stranger)).toEqual({ items: [], total: 0, page: 1, page_size: 10 });
  });

  it("lists the caller's drafts and the collections they collaborate on, with their role", async () => {
    const course = await create(owner, 'course', 'Owned course');
    const path = await create(owner, 'path', 'Owned path');
    const shared = await create(stranger, 'course', 'Shared course');
    const viewed = await create(stranger, 'course', 'Viewed course');
    const hidden = await create(stranger, 'course', 'Not shared');
    const add = (ids: { author_id: number; collection_id: number }, access: string) =>
      stranger.post(`/api/author/${ids.author_id}/collection/${ids.collection_id}/collaborators`, {
        email: helperEmail,
        role: 'collaborator',
        access,
      });
    expect((await add(shared, 'editor')).statusCode).toBe(201);
    expect((await add(viewed, 'viewer')).statusCode).toBe(201);

    const mine = await list(owner);
    expect(mine.total).toBe(2);
    // Newest change first: the path was created last.
    expect(mine.items.map((item) => [item.title, item.work_type, item.role, item.editor_url])).toEqual([
      ['Owned path', 'path', 'owner', `/patheditor/${ownerId}/${path.collection_id}`],
      ['Owned course', 'course', 'owner', `/collectioneditor/${ownerId}/${course.collection_id}`],
    ]);
    expect(mine.items[1]).toMatchObject({
      author_id: ownerId,
      collection_id: course.collection_id,
      status: 101,
      review_state: CourseReviewState.None,
      item_count: 0,
      live_version_no: null,
    });
    expect(Date.parse(mine.items[1]?.updated_at ?? '')).not.toBeNaN();

    const theirs = await list(helper);
    expect(theirs.items.map((item) => [item.collection_id, item.role])).toEqual([
      [viewed.collection_id, 'viewer'],
      [shared.collection_id, 'editor'],
    ]);
    expect(theirs.items.some((item) => item.collection_id === hidden.collection_id)).toBe(false);
  });

  it('moves a collection to the top when one of its lessons is saved', async () => {
    const first = await create(owner, 'course', 'Lesson edited later');
    const created = await owner.post('/api/author/page', {
      author_id: first.author_id,
      collection_id: first.collection_id,
    });
    expect(created.statusCode).toBe(201);
    const { page } = created.json() as { page: { page_id: number; etag: string } };
    await create(owner, 'course', 'Created after');
    expect((await list(owner)).items[0]?.title).toBe('Created after');
    // A lesson save changes the page row only, yet counts as a change of its course.
    const saved = await owner.request(
      'PUT',
      `/api/author/page/${page.page_id}`,
      { components: [{ type: 'MarkdownEditor', comp_id: 'a', content: { text: 'Hi' } }] },
      { headers: { 'if-match': page.etag } },
    );
    expect(saved.statusCode).toBe(200);
    const top = (await list(owner)).items[0];
    expect(top).toMatchObject({ collection_id: first.collection_id, item_count: 1 });
  });

  it('filters by work type and by drafts, and shows the live version', async () => {
    // Publishing through the API keeps the collection unapproved: it is still a draft for readers.
    const course = await create(owner, 'course', 'Published but unapproved');
    const publish = await owner.post(
      `/api/author/${course.author_id}/collection/${course.collection_id}/publish`,
    );
    expect(publish.statusCode).toBe(200);
    const paths = await list(owner, '?work_type=path');
    expect(paths.items.every((item) => item.work_type === 'path')).toBe(true);
    expect(paths.total).toBe(1);
    const drafts = await list(owner, '?drafts=true');
    expect(drafts.items.find((item) => item.collection_id === course.collection_id)).toMatchObject({
      live_version_no: 1,
    });
  });

  it("pages by the spec's listing size, 10, and reports the total past the last page", async () => {
    expect(MY_COLLECTIONS_PAGE_SIZE).toBe(10);
    const { client } = await signUp(t.app);
    for (let index = 0; index < MY_COLLECTIONS_PAGE_SIZE + 1; index += 1) {
      await create(client, 'course', `Course ${index}`);
    }
    const first = await list(client);
    expect(first.items).toHaveLength(MY_COLLECTIONS_PAGE_SIZE);
    expect(first.total).toBe(MY_COLLECTIONS_PAGE_SIZE + 1);
    const second = await list(client, '?page=2');
    expect(second.items.map((item) => item.title)).toEqual(['Course 0']);
    const beyond = await list(client, '?page=5');
    expect(beyond).toMatchObject({ items: [], total: MY_COLLECTIONS_PAGE_SIZE + 1, page: 5 });
  });

  it('refuses bad filters', async () => {
    for (const query of ['?work_type=module', '?page=0', '?page=x', '?drafts=yes', '?other=1']) {
      expect((await owner.get(`/api/author/collections${query}`)).statusCode).toBe(400);
    }
  });

  it('leaves out deleted collections', async () => {
    const gone = await create(owner, 'course', 'Deleted course');
    await t.database.db
      .update(collections)
      .set({ status: ItemStatus.Deleted })
      .where(eq(collections.id, gone.collection_id));
    const mine = await list(owner);
    expect(mine.items.some((item) => item.collection_id === gone.collection_id)).toBe(false);
  });
});
