import { gzipSync } from 'node:zlib';
import type {
  CreateShotResponse,
  SaveShotRequest,
  ShotDraftResponse,
  ShotListResponse,
  ShotProps,
  ShotResponse,
} from '@coderoom/contracts';
import { CourseReviewState, ShotLicense, ShotMessages } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
let author: TestClient;
let learner: TestClient;
let learnerEmail: string;
let admin: TestClient;
let visitor: TestClient;
let urlCounter = 0;

async function logIn(user: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  return client;
}

beforeAll(async () => {
  t = await buildTestApp();
  author = (await signUp(t.app, { full_name: 'Ann Swer' })).client;
  const signedUp = await signUp(t.app);
  learner = signedUp.client;
  learnerEmail = signedUp.email;
  admin = await logIn(await buildUser(t.database, { admin: true }));
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t.close();
});

function uniqueUrl(base = 'reverse-a-list'): string {
  urlCounter += 1;
  return `${base}-${urlCounter}-${process.pid}`;
}

function answerBody(url: string, overrides: Partial<SaveShotRequest> = {}): SaveShotRequest {
  return {
    title: 'How do I reverse a list in Python?',
    url,
    components: [
      { type: 'MarkdownEditor', comp_id: 'intro', content: { text: 'Use slicing with a step of `-1`.' } },
      {
        type: 'Code',
        comp_id: 'code',
        content: {
          language: 'python3',
          code: 'print([1, 2, 3][::-1])',
          enableHiddenCode: true,
          hiddenAppendCode: 'print("secret")',
        },
      },
    ],
    tags: ['lists'],
    programming_tags: ['Python'],
    topic_tags: ['slicing'],
    license: ShotLicense.CcBySa4,
    difficulty: 1000,
    ...overrides,
  };
}

async function create(client = author): Promise<CreateShotResponse> {
  const response = await client.post('/api/edpresso/shot/id', {});
  expect(response.statusCode).toBe(201);
  return response.json() as CreateShotResponse;
}

function save(client: TestClient, id: number, etag: string, body: unknown) {
  return client.request('PUT', `/api/edpresso/shot/${id}`, body, { headers: { etag } });
}

async function draftOf(id: number, client = author): Promise<ShotDraftResponse> {
  const response = await client.get(`/api/edpresso/shot/${id}?status=draft`);
  expect(response.statusCode).toBe(200);
  return response.json() as ShotDraftResponse;
}

/** A saved, published and approved answer. */
async function liveAnswer(overrides: Partial<SaveShotRequest> = {}) {
  const created = await create();
  const url = uniqueUrl();
  const saved = await save(author, created.shotId, created.etag, answerBody(url, overrides));
  expect(saved.statusCode).toBe(200);
  expect((await author.post(`/api/edpresso/shot/${created.shotId}/publish`)).json().state).toBe('in_review');
  const approved = await admin.post(`/api/admin/review/${created.shotId}`, { decision: 'approve' });
  expect(approved.statusCode).toBe(200);
  return { id: created.shotId, url };
}

describe('creating and saving', () => {
  it('needs an account, then answers a new draft with its eTag', async () => {
    expect((await visitor.post('/api/edpresso/shot/id', {})).statusCode).toBe(401);
    const created = await create();
    expect(created.shotId).toBeGreaterThan(20_000_000);
    const draft = await draftOf(created.shotId);
    expect(draft).toMatchObject({ status: 'draft', title: 'Untitled Answer', etag: created.etag });
    expect(draft.content.components).toEqual([]);
  });

  it('saves the draft with the eTag; a stale or missing eTag is refused', async () => {
    const created = await create();
    const url = uniqueUrl();
    const missing = await author.request('PUT', `/api/edpresso/shot/${created.shotId}`, answerBody(url));
    expect(missing.statusCode).toBe(400);
    const saved = await save(author, created.shotId, created.etag, answerBody(url));
    expect(saved.statusCode).toBe(200);
    const body = saved.json() as ShotDraftResponse;
    expect(body.url).toBe(url);
    expect(body.etag).not.toBe(created.etag);
    expect(body.readTime).toBe(1);
    // The editor gets every field back, protected ones included.
    expect(body.content.components[1]).toMatchObject({ content: { hiddenAppendCode: 'print("secret")' } });
    const stale = await save(author, created.shotId, created.etag, answerBody(url));
    expect(stale.statusCode).toBe(409);
  });

  it('accepts a gzip-compressed save, as the studio sends pages', async () => {
    const created = await create();
    const url = uniqueUrl('gzip');
    const response = await author.request('PUT', `/api/edpresso/shot/${created.shotId}`, undefined, {
      headers: { etag: created.etag, 'content-encoding': 'gzip' },
      rawBody: gzipSync(JSON.stringify(answerBody(url)), { level: 9 }),
    });
    expect(response.statusCode).toBe(200);
    expect((await draftOf(created.shotId)).url).toBe(url);
  });

  it.each([['Has Capitals'], ['trailing-'], ['two--hyphens'], ['ab'], ['spaces in url'], ['x'.repeat(121)]])(
    'refuses the canonical url %j',
    async (url) => {
      const created = await create();
      const response = await save(author, created.shotId, created.etag, answerBody(url));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errorText: ShotMessages.InvalidCanonicalUrl,
        errors: { url: ShotMessages.InvalidCanonicalUrl },
      });
    },
  );

  it('refuses a url another answer has: Shot already exists with url', async () => {
    const first = await create();
    const url = uniqueUrl('taken');
    expect((await save(author, first.shotId, first.etag, answerBody(url))).statusCode).toBe(200);
    const second = await create();
    const response = await save(author, second.shotId, second.etag, answerBody(url));
    expect(response.statusCode).toBe(409);
    expect(response.json().errorText).toBe('Shot already exists with url');
  });

  it('lets nobody but editors save', async () => {
    const created = await create();
    expect((await save(learner, created.shotId, created.etag, answerBody(uniqueUrl()))).statusCode).toBe(404);
    expect((await save(visitor, created.shotId, created.etag, answerBody(uniqueUrl()))).statusCode).toBe(401);
  });

  it('refuses unknown fields and widgets that fail the content checks', async () => {
    const created = await create();
    const extra = await save(author, created.shotId, created.etag, { ...answerBody(uniqueUrl()), rogue: 1 });
    expect(extra.statusCode).toBe(400);
    const duplicate = await save(
      author,
      created.shotId,
      created.etag,
      answerBody(uniqueUrl(), {
        components: [
          { type: 'MarkdownEditor', comp_id: 'a', content: { text: 'one' } },
          { type: 'MarkdownEditor', comp_id: 'a', content: { text: 'two' } },
        ],
      }),
    );
    expect(duplicate.statusCode).toBe(400);
  });
});

describe('publishing, approval and reading', () => {
  it('waits for an admin before readers see it; then the id and url reads answer with ETag and 304', async () => {
    const created = await create();
    const url = uniqueUrl();
    await save(author, created.shotId, created.etag, answerBody(url));
    expect((await visitor.get(`/api/edpresso/shot/${created.shotId}`)).statusCode).toBe(404);

    const published = await author.post(`/api/edpresso/shot/${created.shotId}/publish`);
    expect(published.json()).toMatchObject({
      state: 'in_review',
      reviewState: CourseReviewState.SubmittedForReview,
    });
    const notYet = await visitor.get(`/api/edpresso/shot/url/${url}`);
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json().errorText).toBe(ShotMessages.NotFound);

    const queue = (await admin.get('/api/admin/review-queue')).json().items as Array<{
      collection_id: number;
      url: string;
    }>;
    expect(queue.find((item) => item.collection_id === created.shotId)?.url).toBe(
      `/answereditor/${created.shotId}`,
    );
    expect(
      (await learner.post(`/api/admin/review/${created.shotId}`, { decision: 'approve' })).statusCode,
    ).toBe(403);
    expect(
      (await admin.post(`/api/admin/review/${created.shotId}`, { decision: 'approve' })).statusCode,
    ).toBe(200);

    const byId = await visitor.get(`/api/edpresso/shot/${created.shotId}`);
    expect(byId.statusCode).toBe(200);
    const shot = byId.json() as ShotResponse;
    expect(shot).toMatchObject({ status: 'published', url, title: 'How do I reverse a list in Python?' });
    expect(shot.author.name).toBe('Ann Swer');
    // Readers never get hidden code.
    expect(JSON.stringify(shot.content.components)).not.toContain('hiddenAppendCode');
    expect(shot.content.components.map((widget) => widget.comp_id)).toEqual(['intro', 'code']);

    const etag = byId.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await visitor.request('GET', `/api/edpresso/shot/${created.shotId}`, undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const byUrl = await visitor.get(`/api/edpresso/shot/url/${url}`);
    expect(byUrl.statusCode).toBe(200);
    expect(byUrl.json()).toEqual(shot);
    const urlAgain = await visitor.request('GET', `/api/edpresso/shot/url/${url}`, undefined, {
      headers: { 'if-none-match': byUrl.headers.etag as string },
    });
    expect(urlAgain.statusCode).toBe(304);
  });

  it('publishes at once once approved, and readers keep the published version until then', async () => {
    const { id, url } = await liveAnswer();
    const draft = await draftOf(id);
    const edited = answerBody(url, { title: 'Reversing a Python list' });
    expect((await save(author, id, draft.etag, edited)).statusCode).toBe(200);
    expect((await visitor.get(`/api/edpresso/shot/${id}`)).json().title).toBe(
      'How do I reverse a list in Python?',
    );
    const republished = await author.post(`/api/edpresso/shot/${id}/publish`);
    expect(republished.json().state).toBe('published');
    expect((await visitor.get(`/api/edpresso/shot/${id}`)).json().title).toBe('Reversing a Python list');
  });

  it('unpublishes: readers get the not-found answer, the author still edits', async () => {
    const { id } = await liveAnswer();
    expect((await learner.post(`/api/edpresso/shot/${id}/unpublish`)).statusCode).toBe(403);
    expect((await author.post(`/api/edpresso/shot/${id}/unpublish`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/edpresso/shot/${id}`)).statusCode).toBe(404);
    expect((await author.get(`/api/edpresso/shot/${id}?status=draft`)).statusCode).toBe(200);
    expect((await author.get(`/api/edpresso/shot/${id}/props`)).statusCode).toBe(404);
  });

  it('refuses to publish an empty answer', async () => {
    const created = await create();
    const response = await author.post(`/api/edpresso/shot/${created.shotId}/publish`);
    expect(response.statusCode).toBe(400);
  });

  it('deletes with the eTag: the answer and its url are gone', async () => {
    const { id, url } = await liveAnswer();
    const draft = await draftOf(id);
    expect(
      (await author.request('DELETE', `/api/edpresso/shot/${id}`, undefined, { headers: { etag: 'old' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await learner.request('DELETE', `/api/edpresso/shot/${id}`, undefined, {
          headers: { etag: draft.etag },
        })
      ).statusCode,
    ).toBe(403);
    const removed = await author.request('DELETE', `/api/edpresso/shot/${id}`, undefined, {
      headers: { etag: draft.etag },
    });
    expect(removed.statusCode).toBe(200);
    expect((await visitor.get(`/api/edpresso/shot/${id}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/edpresso/shot/url/${url}`)).statusCode).toBe(404);
    expect((await author.get(`/api/edpresso/shot/${id}?status=draft`)).statusCode).toBe(404);
    // The url is free again.
    const next = await create();
    expect((await save(author, next.shotId, next.etag, answerBody(url))).statusCode).toBe(200);
  });
});

describe('draft viewers', () => {
  it('lets invited readers read the draft (without hidden code) and nobody else', async () => {
    const created = await create();
    const url = uniqueUrl('draft');
    await save(author, created.shotId, created.etag, answerBody(url));
    expect((await learner.get(`/api/edpresso/shot/${created.shotId}?status=draft`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/edpresso/shot/${created.shotId}?status=draft`)).statusCode).toBe(404);

    const draft = await draftOf(created.shotId);
    const unknown = await save(author, created.shotId, draft.etag, {
      ...answerBody(url),
      draft_viewers: ['nobody-here@example.com'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ draft_viewers: ShotMessages.UnknownDraftViewer });
    expect(
      (await save(author, created.shotId, draft.etag, { ...answerBody(url), draft_viewers: [learnerEmail] }))
        .statusCode,
    ).toBe(200);

    const seen = await learner.get(`/api/edpresso/shot/url/${url}?status=draft`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().status).toBe('draft');
    expect(seen.json().etag).toBeUndefined();
    expect(JSON.stringify(seen.json().content)).not.toContain('secret');
    const other = (await signUp(t.app)).client;
    expect((await other.get(`/api/edpresso/shot/${created.shotId}?status=draft`)).statusCode).toBe(404);
    // Still nothing published.
    expect((await learner.get(`/api/edpresso/shot/${created.shotId}`)).statusCode).toBe(404);

    const authorProps = (
      await author.get(`/api/edpresso/shot/${created.shotId}/props?status=draft`)
    ).json() as ShotProps;
    expect(authorProps.draftViewers).toEqual([learnerEmail]);
    expect(authorProps.canEdit).toBe(true);
    const viewerProps = (
      await learner.get(`/api/edpresso/shot/${created.shotId}/props?status=draft`)
    ).json() as ShotProps;
    expect(viewerProps.draftViewers).toEqual([]);
    expect(viewerProps.canEdit).toBe(false);
    // Invited to read, not to write.
    expect((await save(learner, created.shotId, draft.etag, answerBody(url))).statusCode).toBe(404);
  });
});

describe('props, likes, bookmarks, shares, attributions', () => {
  it('refuses visitor likes and bookmarks with 401 and counts readers', async () => {
    const { id } = await liveAnswer();
    for (const action of ['like', 'unlike', 'bookmark', 'unbookmark']) {
      expect((await visitor.post(`/api/edpresso/shot/${id}/${action}`)).statusCode).toBe(401);
    }
    const before = (await visitor.get(`/api/edpresso/shot/${id}/props?status=published`)).json() as ShotProps;
    expect(before).toMatchObject({
      shotLikes: 0,
      isLikedByReader: false,
      isBookmarkedByReader: false,
      license: ShotLicense.CcBySa4,
      difficulty: 1000,
      programmingTags: ['Python'],
      topicTags: ['slicing'],
      tags: ['lists'],
      isShotApprovedForPublish: true,
      isPublished: true,
      canEdit: false,
    });

    expect((await learner.post(`/api/edpresso/shot/${id}/like`)).json()).toEqual({
      shotLikes: 1,
      isLikedByReader: true,
    });
    // Liking twice counts once.
    expect((await learner.post(`/api/edpresso/shot/${id}/like`)).json()).toEqual({
      shotLikes: 1,
      isLikedByReader: true,
    });
    expect((await author.post(`/api/edpresso/shot/${id}/like`)).json().shotLikes).toBe(2);
    expect((await learner.post(`/api/edpresso/shot/${id}/bookmark`)).json()).toEqual({
      isBookmarkedByReader: true,
    });
    const mine = (await learner.get(`/api/edpresso/shot/${id}/props`)).json() as ShotProps;
    expect(mine).toMatchObject({ shotLikes: 2, isLikedByReader: true, isBookmarkedByReader: true });
    expect((await learner.post(`/api/edpresso/shot/${id}/unlike`)).json()).toEqual({
      shotLikes: 1,
      isLikedByReader: false,
    });
    expect((await learner.post(`/api/edpresso/shot/${id}/unbookmark`)).json()).toEqual({
      isBookmarkedByReader: false,
    });

    expect((await visitor.post(`/api/edpresso/shot/${id}/shares`)).json()).toEqual({ shares: 1 });
    expect((await learner.post(`/api/edpresso/shot/${id}/shares`)).json()).toEqual({ shares: 2 });
  });

  it('refuses likes on answers the reader cannot see', async () => {
    const created = await create();
    await save(author, created.shotId, created.etag, answerBody(uniqueUrl()));
    expect((await learner.post(`/api/edpresso/shot/${created.shotId}/like`)).statusCode).toBe(404);
    expect((await learner.post('/api/edpresso/shot/99999999/like')).statusCode).toBe(404);
    expect((await visitor.get('/api/edpresso/shot/99999999/props')).statusCode).toBe(404);
  });

  it('updates attributions from a JSON string', async () => {
    const { id } = await liveAnswer();
    const route = `/api/edpresso/editor/shot/${id}/update-attributions`;
    expect((await author.post(route, { attributions: 'not json' })).statusCode).toBe(400);
    expect((await author.post(route, { attributions: JSON.stringify([{ url: 'x' }]) })).statusCode).toBe(400);
    expect((await learner.post(route, { attributions: '[]' })).statusCode).toBe(403);
    const list = [{ name: 'Python docs', url: 'https://docs.python.org/3/' }, { name: 'A colleague' }];
    const saved = await author.post(route, { attributions: JSON.stringify(list) });
    expect(saved.statusCode).toBe(200);
    expect((await visitor.get(`/api/edpresso/shot/${id}/props`)).json().attributions).toEqual(list);
  });
});

describe('the answers listing', () => {
  it('lists approved answers only, searches, filters by tag and topic, sorts by likes', async () => {
    const word = `zebrafish${process.pid}`;
    const first = await liveAnswer({
      title: `Sorting ${word} in Go`,
      programming_tags: ['Go'],
      topic_tags: [`tag${word}`],
    });
    const second = await liveAnswer({ title: `Counting ${word} in Rust`, programming_tags: ['Rust'] });
    const hidden = await create();
    await save(author, hidden.shotId, hidden.etag, answerBody(uniqueUrl(), { title: `Hidden ${word}` }));
    await learner.post(`/api/edpresso/shot/${second.id}/like`);

    const found = (await visitor.get(`/api/edpresso/shots?search_string=${word}`)).json() as ShotListResponse;
    expect(found.items.map((item) => item.shotId).sort()).toEqual([first.id, second.id].sort());
    const prefix = (
      await visitor.get(`/api/edpresso/shots?search_string=${word.slice(0, 7)}`)
    ).json() as ShotListResponse;
    expect(prefix.items.map((item) => item.shotId)).toEqual(expect.arrayContaining([first.id, second.id]));
    const liked = (
      await visitor.get(`/api/edpresso/shots?search_string=${word}&sort=most_liked`)
    ).json() as ShotListResponse;
    expect(liked.items.map((item) => item.shotId)).toEqual([second.id, first.id]);
    expect(liked.items[0]?.shotLikes).toBe(1);
    const byTopic = (
      await visitor.get(`/api/edpresso/shots?search_string=${word}&topic=Go`)
    ).json() as ShotListResponse;
    expect(byTopic.items.map((item) => item.shotId)).toEqual([first.id]);
    const byTag = (await visitor.get(`/api/edpresso/shots?tag=tag${word}`)).json() as ShotListResponse;
    expect(byTag.items.map((item) => item.shotId)).toEqual([first.id]);
    expect(byTag.tags).toContainEqual({ tag: `tag${word}`, count: 1 });
    expect((await visitor.get('/api/edpresso/shots?sort=oldest')).statusCode).toBe(400);

    const mine = (await author.get('/api/edpresso/my-shots')).json().items as Array<{
      shotId: number;
      isPublished: boolean;
    }>;
    expect(mine.find((item) => item.shotId === hidden.shotId)?.isPublished).toBe(false);
    expect(mine.find((item) => item.shotId === first.id)?.isPublished).toBe(true);
    expect((await visitor.get('/api/edpresso/my-shots')).statusCode).toBe(401);
  });

  it('keeps answers out of the course catalogue', async () => {
    const word = `otter${process.pid}`;
    await liveAnswer({ title: `Otters ${word}` });
    const catalogue = (await visitor.get(`/api/reader/featured_items?search_string=${word}`)).json();
    expect(catalogue.total ?? catalogue.items.length).toBe(0);
  });
});
