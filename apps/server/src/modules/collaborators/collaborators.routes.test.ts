import type {
  AuthorCollectionResponse,
  CollaboratorListResponse,
  CreatePageResponse,
  UserDetails,
} from '@coderoom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
let admin: TestClient;

interface Person {
  client: TestClient;
  email: string;
  id: number;
}

async function person(fullName = 'Cora Collaborator'): Promise<Person> {
  const { client, email, user } = await signUp(t.app, { full_name: fullName });
  return { client, email, id: user.user_id };
}

beforeAll(async () => {
  t = await buildTestApp();
  const signedUp = await signUp(t.app, { full_name: 'Olive Owner' });
  owner = signedUp.client;
  ownerId = signedUp.user.user_id;
  const adminUser = await buildUser(t.database, { admin: true });
  admin = new TestClient(t.app);
  const login = await admin.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
  expect(login.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

/** A draft course of the owner with one lesson. */
async function draftCourse() {
  const created = await owner.post('/api/author/collection?work_type=course', { title: 'Shared Course' });
  expect(created.statusCode).toBe(201);
  const { collection_id } = created.json() as { collection_id: number };
  const page = await owner.post('/api/author/page', { author_id: ownerId, collection_id });
  expect(page.statusCode).toBe(201);
  const { page: lesson } = page.json() as CreatePageResponse;
  const base = `/api/author/${ownerId}/collection/${collection_id}`;
  return {
    collectionId: collection_id,
    base,
    collaborators: `${base}/collaborators`,
    pageUrl: `${base}/page/${lesson.page_id}`,
    pageId: lesson.page_id,
  };
}

type Course = Awaited<ReturnType<typeof draftCourse>>;

function lookup(client: TestClient, course: Course, query: string, kind = 'collaborator') {
  const params = new URLSearchParams({
    query,
    kind,
    author_id: String(ownerId),
    collection_id: String(course.collectionId),
  });
  return client.get(`/api/author/user-lookup?${params}`);
}

async function add(course: Course, body: Record<string, unknown>, client = owner) {
  return client.post(course.collaborators, body);
}

async function currentEtag(client: TestClient, url: string): Promise<string> {
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  return (response.json() as { page: { etag: string } }).page.etag;
}

function savePage(client: TestClient, course: Course, etag: string, text: string) {
  return client.request(
    'PUT',
    course.pageUrl,
    { components: [{ type: 'MarkdownEditor', comp_id: 'md', content: { text } }] },
    { headers: { 'if-match': etag } },
  );
}

describe('GET /api/author/user-lookup', () => {
  it('finds a person by e-mail (any case) or by id, for an editor of the collection', async () => {
    const course = await draftCourse();
    const cora = await person('Cora Lookup');
    const expected: UserDetails = {
      user_id: cora.id,
      email: cora.email,
      full_name: 'Cora Lookup',
      profile_pic_url: null,
    };

    const byEmail = await lookup(owner, course, cora.email.toUpperCase());
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toEqual(expected);
  });

  it('answers a name, never an e-mail, for an id (issue 13: any author could read any address)', async () => {
    const course = await draftCourse();
    const cora = await person('Cora Lookup');
    const byId = await lookup(owner, course, String(cora.id), 'co_author');
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ user_id: cora.id, full_name: 'Cora Lookup', profile_pic_url: null });
    expect(Object.keys(byId.json())).not.toContain('email');
  });

  it('finds an address only when it is written out whole', async () => {
    const course = await draftCourse();
    const cora = await person('Cora Lookup');
    for (const partial of [
      cora.email.slice(0, 6),
      cora.email.split('@')[1] ?? 'x',
      `%${cora.email.slice(3)}`,
    ]) {
      const response = await lookup(owner, course, partial);
      expect(response.statusCode).toBe(404);
    }
  });

  it("answers 404 'Failed to retrieve user details.' for an unknown person", async () => {
    const course = await draftCourse();
    for (const query of ['nobody@example.com', '99999999']) {
      const response = await lookup(owner, course, query);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorText: 'Failed to retrieve user details.' });
    }
  });

  it('tells people who do not edit the collection nothing about the address', async () => {
    const course = await draftCourse();
    const cora = await person();
    const outsider = await person('Outsider');
    // The draft is invisible to them: 404 whether or not the address exists.
    expect((await lookup(outsider.client, course, cora.email)).statusCode).toBe(404);
    expect((await lookup(outsider.client, course, 'nobody@example.com')).statusCode).toBe(404);

    // A viewer collaborator sees the draft but may not look people up.
    expect((await add(course, { email: outsider.email, role: 'collaborator' })).statusCode).toBe(201);
    const refused = await lookup(outsider.client, course, cora.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorText).toBe('Only the editors of this content can look people up.');

    expect((await lookup(new TestClient(t.app), course, cora.email)).statusCode).toBe(401);
  });

  it('is rate-limited per caller', async () => {
    const course = await draftCourse();
    t.clock.startFreshWindow(60);
    for (let index = 0; index < 30; index += 1) {
      expect((await lookup(owner, course, 'nobody@example.com')).statusCode).toBe(404);
    }
    const limited = await lookup(owner, course, 'nobody@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    t.clock.startFreshWindow(60);
  });
});

describe('adding people', () => {
  it('adds collaborators, co-authors and reviewers and lists them with their rights', async () => {
    const course = await draftCourse();
    const cora = await person('Cora');
    const colin = await person('Colin');
    const rita = await person('Rita');

    const added = await add(course, { email: cora.email, role: 'collaborator', access: 'editor' });
    expect(added.statusCode).toBe(201);
    expect(added.json().collaborator).toMatchObject({
      user_id: cora.id,
      email: cora.email,
      full_name: 'Cora',
      role: 'collaborator',
      access: 'editor',
      can_edit: true,
      added_by: ownerId,
    });
    expect((await add(course, { user_id: colin.id, role: 'co_author' })).statusCode).toBe(201);
    expect((await add(course, { email: rita.email, role: 'reviewer' })).statusCode).toBe(201);

    const list = await owner.get(course.collaborators);
    expect(list.statusCode).toBe(200);
    const body = list.json() as CollaboratorListResponse;
    expect(body.owner).toMatchObject({ user_id: ownerId, full_name: 'Olive Owner' });
    expect(body.can_manage).toBe(true);
    expect(body.collaborators.map((entry) => [entry.user_id, entry.access, entry.can_edit])).toEqual([
      [cora.id, 'editor', true],
    ]);
    // Access defaults to viewer.
    expect(body.co_authors.map((entry) => [entry.user_id, entry.access, entry.can_edit])).toEqual([
      [colin.id, 'viewer', false],
    ]);
    expect(body.reviewers.map((entry) => [entry.user_id, entry.role, entry.can_edit])).toEqual([
      [rita.id, 'reviewer', false],
    ]);

    // The people on the list may see it too, without the right to manage it.
    const seenByCora = (await cora.client.get(course.collaborators)).json() as CollaboratorListResponse;
    expect(seenByCora.can_manage).toBe(false);
    expect(seenByCora.reviewers).toHaveLength(1);
  });

  it('names the other role when a collaborator is added as a reviewer, and the other way round', async () => {
    const course = await draftCourse();
    const cora = await person();
    const rita = await person();
    expect((await add(course, { email: cora.email, role: 'collaborator' })).statusCode).toBe(201);
    expect((await add(course, { email: rita.email, role: 'reviewer' })).statusCode).toBe(201);

    const asReviewer = await add(course, { email: cora.email, role: 'reviewer' });
    expect(asReviewer.statusCode).toBe(409);
    expect(asReviewer.json()).toEqual({ errorText: `${cora.email} is already added as a collaborator.` });
    const asCollaborator = await add(course, { email: rita.email, role: 'collaborator' });
    expect(asCollaborator.statusCode).toBe(409);
    expect(asCollaborator.json()).toEqual({ errorText: `${rita.email} is already added as a reviewer.` });

    const again = await add(course, { user_id: cora.id, role: 'collaborator' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorText).toBe(`${cora.email} is already in the list of collaborators.`);

    // Nothing changed: each is still in their first list.
    const body = (await owner.get(course.collaborators)).json() as CollaboratorListResponse;
    expect(body.collaborators.map((entry) => entry.user_id)).toEqual([cora.id]);
    expect(body.reviewers.map((entry) => entry.user_id)).toEqual([rita.id]);
  });

  it('refuses the owner, unknown people, reviewers with editor access and ambiguous bodies', async () => {
    const course = await draftCourse();
    const ownerAdd = await add(course, { user_id: ownerId, role: 'collaborator' });
    expect(ownerAdd.statusCode).toBe(400);
    expect(ownerAdd.json().errors).toHaveProperty('user_id');

    const unknown = await add(course, { email: 'nobody@example.com', role: 'collaborator' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errorText: 'Failed to retrieve user details.' });

    const rita = await person();
    const editorReviewer = await add(course, { email: rita.email, role: 'reviewer', access: 'editor' });
    expect(editorReviewer.statusCode).toBe(400);
    expect(editorReviewer.json().errors).toHaveProperty('access');

    expect((await add(course, { role: 'collaborator' })).statusCode).toBe(400);
    expect(
      (await add(course, { email: rita.email, user_id: rita.id, role: 'collaborator' })).statusCode,
    ).toBe(400);
    expect((await add(course, { email: rita.email, role: 'owner' })).statusCode).toBe(400);
  });
});

describe('rights of the people added', () => {
  it('lets a viewer collaborator read the draft but not write it', async () => {
    const course = await draftCourse();
    const viewer = await person();
    expect(
      (await add(course, { email: viewer.email, role: 'collaborator', access: 'viewer' })).statusCode,
    ).toBe(201);

    const studio = await viewer.client.get(course.base);
    expect(studio.statusCode).toBe(200);
    const body = studio.json() as AuthorCollectionResponse;
    expect(body.collection.can_edit).toBe(false);
    expect(body.toc.flatMap((category) => category.pages).every((entry) => entry.can_edit === false)).toBe(
      true,
    );
    const etag = await currentEtag(viewer.client, course.pageUrl);
    const reader = await viewer.client.get(
      `/api/reader/collection/${ownerId}/${course.collectionId}?draft=true`,
    );
    expect(reader.statusCode).toBe(200);

    const write = await savePage(viewer.client, course, etag, 'Viewer edit');
    expect(write.statusCode).toBe(403);
    expect(write.json().errorText).toBe('Only the authors of this content can change it.');
    const toc = await viewer.client.request(
      'PUT',
      course.base,
      { title: 'Renamed' },
      { headers: { 'if-match': body.etag } },
    );
    expect(toc.statusCode).toBe(403);
    const newPage = await viewer.client.post('/api/author/page', {
      author_id: ownerId,
      collection_id: course.collectionId,
    });
    expect(newPage.statusCode).toBe(403);
    expect((await viewer.client.post(`${course.base}/publish`)).statusCode).toBe(403);
  });

  it('lets reviewers read the draft and never write', async () => {
    const course = await draftCourse();
    const rita = await person();
    expect((await add(course, { email: rita.email, role: 'reviewer' })).statusCode).toBe(201);
    const etag = await currentEtag(rita.client, course.pageUrl);
    expect((await savePage(rita.client, course, etag, 'Reviewer edit')).statusCode).toBe(403);
    // Promoting a reviewer to editor is refused as well.
    const promote = await owner.put(`${course.collaborators}/${rita.id}`, { access: 'editor' });
    expect(promote.statusCode).toBe(400);
  });

  it('lets an editor collaborator or co-author save pages and change the TOC', async () => {
    const course = await draftCourse();
    const cora = await person();
    const colin = await person();
    expect(
      (await add(course, { email: cora.email, role: 'collaborator', access: 'editor' })).statusCode,
    ).toBe(201);
    expect((await add(course, { email: colin.email, role: 'co_author', access: 'editor' })).statusCode).toBe(
      201,
    );

    const studio = (await cora.client.get(course.base)).json() as AuthorCollectionResponse;
    expect(studio.collection.can_edit).toBe(true);
    expect(studio.toc.flatMap((category) => category.pages).map((entry) => entry.can_edit)).toEqual([true]);

    const saved = await savePage(
      cora.client,
      course,
      await currentEtag(cora.client, course.pageUrl),
      'By Cora',
    );
    expect(saved.statusCode).toBe(200);
    const byColin = await savePage(colin.client, course, saved.json().page.etag, 'By Colin');
    expect(byColin.statusCode).toBe(200);

    const renamed = await cora.client.request(
      'PUT',
      course.base,
      {
        title: 'Renamed by Cora',
        toc: [{ title: 'Part 1', pages: [{ page_id: course.pageId, title: 'One' }] }],
      },
      { headers: { 'if-match': studio.etag } },
    );
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json() as AuthorCollectionResponse).collection.title).toBe('Renamed by Cora');
    // The owner sees the collaborators' work.
    const page = (await owner.get(course.pageUrl)).json();
    expect(page.page.components[0].content.text).toBe('By Colin');
  });

  it('keeps learners out: 404 on a draft, 403 on published content', async () => {
    const course = await draftCourse();
    const learner = await person('Learner');
    expect((await learner.client.get(course.base)).statusCode).toBe(404);
    expect((await learner.client.get(course.collaborators)).statusCode).toBe(404);
    expect((await savePage(learner.client, course, 'any', 'Learner edit')).statusCode).toBe(404);

    const published = await buildCourse(t.database);
    const base = `/api/author/${published.author.id}/collection/${published.collection.id}`;
    expect((await learner.client.get(`${base}/collaborators`)).statusCode).toBe(403);
    const write = await learner.client.request(
      'PUT',
      `${base}/page/${published.pageIds[0]}`,
      { components: [] },
      { headers: { 'if-match': 'any' } },
    );
    expect(write.statusCode).toBe(403);
  });
});

describe('managing the list', () => {
  it('is for the owner and platform admins only', async () => {
    const course = await draftCourse();
    const cora = await person();
    const other = await person();
    const learner = await person();
    expect(
      (await add(course, { email: cora.email, role: 'collaborator', access: 'editor' })).statusCode,
    ).toBe(201);

    const byEditor = await add(course, { email: other.email, role: 'reviewer' }, cora.client);
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().errorText).toBe('Only the owner of this content can manage its collaborators.');
    expect(
      (await cora.client.put(`${course.collaborators}/${cora.id}`, { access: 'viewer' })).statusCode,
    ).toBe(403);
    expect((await cora.client.request('DELETE', `${course.collaborators}/${cora.id}`)).statusCode).toBe(403);
    // Someone who cannot see the draft learns nothing about it.
    expect((await add(course, { email: other.email, role: 'reviewer' }, learner.client)).statusCode).toBe(
      404,
    );

    const byAdmin = await add(course, { email: other.email, role: 'reviewer' }, admin);
    expect(byAdmin.statusCode).toBe(201);
  });

  it('changes access, and removing someone revokes it at once', async () => {
    const course = await draftCourse();
    const cora = await person();
    expect((await add(course, { email: cora.email, role: 'collaborator' })).statusCode).toBe(201);
    const etag = await currentEtag(cora.client, course.pageUrl);
    expect((await savePage(cora.client, course, etag, 'Before')).statusCode).toBe(403);

    const promoted = await owner.put(`${course.collaborators}/${cora.id}`, { access: 'editor' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().collaborator).toMatchObject({
      user_id: cora.id,
      access: 'editor',
      can_edit: true,
    });
    expect((await savePage(cora.client, course, etag, 'After')).statusCode).toBe(200);

    const removed = await owner.request('DELETE', `${course.collaborators}/${cora.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await cora.client.get(course.base)).statusCode).toBe(404);
    expect((await cora.client.get(course.pageUrl)).statusCode).toBe(404);
    expect(
      (await cora.client.get(`/api/reader/collection/${ownerId}/${course.collectionId}?draft=true`))
        .statusCode,
    ).toBe(404);
    const list = (await owner.get(course.collaborators)).json() as CollaboratorListResponse;
    expect(list.collaborators).toEqual([]);

    expect((await owner.request('DELETE', `${course.collaborators}/${cora.id}`)).statusCode).toBe(404);
    expect((await owner.put(`${course.collaborators}/${cora.id}`, { access: 'editor' })).statusCode).toBe(
      404,
    );
  });
});
