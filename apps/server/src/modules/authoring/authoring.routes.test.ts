import { deflateSync, gzipSync } from 'node:zlib';
import {
  type AuthorCollectionResponse,
  type CreatePageResponse,
  CSRF_COOKIE,
  CSRF_HEADER,
  type FeaturedItemsResponse,
  type Lesson,
  type PageSnapshotListResponse,
  type Widget,
} from '@coderoom/contracts';
import {
  CodeWidgetDefaults,
  CourseReviewState,
  ErrorMessages,
  ItemStatus,
  PAYLOAD_LIMIT_BYTES,
  SubmissionType,
  VersionState,
} from '@coderoom/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionVersions, pages } from '../../db/schema.js';
import { PlatformMessages } from '../../platform/http/errors.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
let author: TestClient;
let authorId: number;
let learner: TestClient;
let admin: TestClient;

async function logIn(user: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  return client;
}

beforeAll(async () => {
  t = await buildTestApp();
  const signedUp = await signUp(t.app, { full_name: 'Ada Author' });
  author = signedUp.client;
  authorId = signedUp.user.user_id;
  learner = (await signUp(t.app)).client;
  admin = await logIn(await buildUser(t.database, { admin: true }));
});
afterAll(async () => {
  await t.close();
});

const markdown = (compId: string, text: string): Widget => ({
  type: 'MarkdownEditor',
  comp_id: compId,
  content: { text },
});

async function newCourse(client = author, body: Record<string, unknown> = { title: 'Studio Course' }) {
  const response = await client.post('/api/author/collection?work_type=course', body);
  expect(response.statusCode).toBe(201);
  return response.json() as { author_id: number; collection_id: number; document_id: string };
}

async function newPage(ids: { author_id: number; collection_id: number }, client = author) {
  const response = await client.post('/api/author/page', {
    author_id: ids.author_id,
    collection_id: ids.collection_id,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as CreatePageResponse;
}

function pageUrl(ids: { author_id: number; collection_id: number }, pageId: number) {
  return `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/${pageId}`;
}

function save(client: TestClient, url: string, etag: string, body: unknown) {
  return client.request('PUT', url, body, { headers: { 'if-match': etag } });
}

/** A save with a binary body, as the web client sends it (compressed at level 9). */
function rawSave(client: TestClient, url: string, etag: string, payload: Buffer, encoding: string) {
  return t.app.inject({
    method: 'PUT',
    url,
    payload,
    headers: {
      'content-type': 'application/json',
      'content-encoding': encoding,
      'if-match': etag,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '',
    },
    remoteAddress: client.ip,
  });
}

describe('POST /api/author/collection', () => {
  it('creates a draft course with either spelling of the creation fields', async () => {
    const camel = await newCourse(author, {
      title: 'Camel',
      isPrivate: false,
      organizationId: 41,
      isTemplate: true,
    });
    expect(camel).toMatchObject({ author_id: authorId, collection_id: expect.any(Number) });
    expect(camel.document_id).toMatch(/^[a-z0-9]{4,32}$/);
    const snake = await newCourse(author, { title: 'Snake', is_private: true, organization_id: 42 });

    const first = (await author.get(`/api/author/${authorId}/collection/${camel.collection_id}`)).json();
    expect(first.collection).toMatchObject({
      title: 'Camel',
      organization_id: 41,
      is_private: false,
      is_template: true,
      review_state: CourseReviewState.None,
      live_version: null,
      can_edit: true,
    });
    expect(first.toc.map((category: { title: string }) => category.title)).toEqual(['__default']);
    const second = (await author.get(`/api/author/${authorId}/collection/${snake.collection_id}`)).json();
    expect(second.collection).toMatchObject({ organization_id: 42, is_private: true });
  });

  it('refuses two spellings that disagree', async () => {
    const response = await author.post('/api/author/collection?work_type=course', {
      isPrivate: true,
      is_private: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('is_private');
  });

  it('needs an organization for a private path or a plan', async () => {
    const path = await author.post('/api/author/collection?work_type=path', { isPrivate: true });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual({
      errorText: 'An organization is required to create a private path or plan.',
      errors: { organization_id: 'An organization is required to create a private path or plan.' },
    });
    const plan = await author.post('/api/author/collection?work_type=path', { isPlan: true });
    expect(plan.statusCode).toBe(400);
    const withOrg = await author.post('/api/author/collection?work_type=path', {
      is_private: true,
      organization_id: 9,
    });
    expect(withOrg.statusCode).toBe(201);
  });

  it('asks logged-out callers to log in', async () => {
    const response = await new TestClient(t.app).post('/api/author/collection?work_type=course', {});
    expect(response.statusCode).toBe(401);
  });
});

describe('permissions', () => {
  it('gives learners 403 on content they can read and 404 on drafts they cannot see', async () => {
    const published = await buildCourse(t.database, { title: 'Readable Course' });
    const pageId = published.pageIds[0] ?? 0;
    const ids = { author_id: published.author.id, collection_id: published.collection.id };
    expect(
      (await learner.get(`/api/author/${ids.author_id}/collection/${ids.collection_id}`)).statusCode,
    ).toBe(403);
    const write = await save(learner, pageUrl(ids, pageId), 'any', { components: [] });
    expect(write.statusCode).toBe(403);
    expect(write.json().errorText).toBe('Only the authors of this content can change it.');
    expect((await learner.post('/api/author/page', ids)).statusCode).toBe(403);

    const draft = await newCourse();
    expect((await learner.get(`/api/author/${authorId}/collection/${draft.collection_id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await learner.post('/api/author/page', { author_id: authorId, collection_id: draft.collection_id }))
        .statusCode,
    ).toBe(404);
    const { page } = await newPage(draft);
    const byId = await learner.request(
      'PUT',
      `/api/author/page/${page.page_id}`,
      { components: [] },
      {
        headers: { 'if-match': page.etag },
      },
    );
    expect(byId.statusCode).toBe(404);

    // The platform admin may edit anyone's content.
    const adminSave = await save(admin, pageUrl(draft, page.page_id), page.etag, {
      components: [markdown('a', 'Edited by an admin.')],
    });
    expect(adminSave.statusCode).toBe(200);
  });
});

describe('collection details and TOC', () => {
  it('updates details and the TOC with the eTag, keeping an empty category title empty', async () => {
    const ids = await newCourse();
    const one = await newPage(ids);
    const two = await newPage(ids);
    expect(one.page.title).toBe('Untitled Lesson');
    const url = `/api/author/${authorId}/collection/${ids.collection_id}`;
    const before = (await author.get(url)).json() as AuthorCollectionResponse;
    expect(before.etag).toBe(two.collection_etag);

    const response = await author.request(
      'PUT',
      url,
      {
        title: 'Renamed',
        overview: 'All about it.',
        toc: [
          { title: '', pages: [{ page_id: two.page.page_id, title: 'Second first', is_preview: true }] },
          { title: 'Copies', pages: [{ clone_of: two.page.page_id, title: 'Clone' }] },
        ],
      },
      { headers: { 'if-match': `"${before.etag}"` } },
    );
    expect(response.statusCode).toBe(200);
    const after = response.json() as AuthorCollectionResponse;
    expect(after.collection).toMatchObject({ title: 'Renamed', overview: 'All about it.' });
    expect(after.toc.map((category) => [category.title, category.stored_title])).toEqual([
      ['__default', '__default'],
      ['Untitled Category', ''],
      ['Copies', 'Copies'],
    ]);
    expect(after.toc[1]?.pages.map((entry) => [entry.title, entry.is_preview])).toEqual([
      ['Second first', true],
    ]);
    expect(after.toc[2]?.pages[0]?.title).toBe('Clone');
    // The lesson left out of the TOC is deleted.
    const [row] = await t.database.db.select().from(pages).where(eq(pages.id, one.page.page_id));
    expect(row?.status).toBe(ItemStatus.Deleted);

    const stale = await author.request(
      'PUT',
      url,
      { title: 'Again' },
      { headers: { 'if-match': before.etag } },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(ErrorMessages.ContentJustUpdated);
    const missing = await author.put(url, { title: 'No etag' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('saving pages', () => {
  it("gives a new code widget the spec's defaults: C++, not runnable, not judged (000 §3)", async () => {
    const ids = await newCourse();
    const { page } = await newPage(ids);
    const url = pageUrl(ids, page.page_id);
    const response = await save(author, url, page.etag, {
      components: [{ type: 'Code', comp_id: 'new-code', content: {} }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = (await author.get(url)).json().page.components[0].content;
    expect(stored).toMatchObject({
      language: CodeWidgetDefaults.language,
      runnable: CodeWidgetDefaults.runnable,
      judge: CodeWidgetDefaults.judge,
      code: '',
    });
    expect(CodeWidgetDefaults).toMatchObject({ language: 'c++', runnable: false, judge: false });
  });

  it('saves with the current eTag, renders Markdown, sanitises HTML and answers 409 on a stale one', async () => {
    const ids = await newCourse();
    const { page } = await newPage(ids);
    const url = pageUrl(ids, page.page_id);
    const first = await save(author, url, page.etag, {
      title: 'Loops',
      components: [
        markdown('intro', 'Some **bold** text.'),
        { type: 'SlateHTML', comp_id: 'rich', content: { html: '<p>Hi<script>alert(1)</script></p>' } },
      ],
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json().page;
    expect(saved.etag).not.toBe(page.etag);
    expect(first.headers.etag).toBe(`"${saved.etag}"`);
    expect(saved.components[0].content.mdHtml).toContain('<strong>bold</strong>');
    expect(saved.components[1].content.html).not.toContain('script');

    const stale = await save(author, url, page.etag, { components: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      errorText: 'This content was just updated. Refresh the page to get latest content',
    });

    const fetched = await author.get(url);
    expect(fetched.json().page).toMatchObject({ title: 'Loops', etag: saved.etag });
  });

  it('lets exactly one of two concurrent saves with the same eTag succeed', async () => {
    const ids = await newCourse();
    const { page } = await newPage(ids);
    const url = pageUrl(ids, page.page_id);
    const results = await Promise.all([
      save(author, url, page.etag, { components: [markdown('a', 'First writer')] }),
      save(author, url, page.etag, { components: [markdown('a', 'Second writer')] }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((response) => response.statusCode === 200)?.json().page;
    const stored = (await author.get(url)).json().page;
    expect(stored.etag).toBe(winner.etag);
    expect(stored.components).toEqual(winner.components);
    const snapshots = (
      await author.get(
        `/api/author/${authorId}/collection/${ids.collection_id}/page/snapshot?key=${page.page_id}&document_type=page`,
      )
    ).json() as PageSnapshotListResponse;
    expect(snapshots.snapshots).toHaveLength(1);
  });

  it('accepts gzip- and deflate-compressed saves by page id', async () => {
    const ids = await newCourse();
    const { page } = await newPage(ids);
    const url = `/api/author/page/${page.page_id}`;
    const gz = await rawSave(
      author,
      url,
      page.etag,
      gzipSync(JSON.stringify({ components: [markdown('z', 'gzip body')] }), { level: 9 }),
      'gzip',
    );
    expect(gz.statusCode).toBe(200);
    const afterGzip = gz.json().page;
    expect(afterGzip.components[0].content.text).toBe('gzip body');
    const df = await rawSave(
      author,
      url,
      afterGzip.etag,
      deflateSync(JSON.stringify({ title: 'Deflated', components: [markdown('z', 'deflate body')] }), {
        level: 9,
      }),
      'deflate',
    );
    expect(df.statusCode).toBe(200);
    expect(df.json().page).toMatchObject({ title: 'Deflated' });
  });

  it('refuses a body that inflates past the cap, a corrupt one and an unknown encoding', async () => {
    const ids = await newCourse();
    const { page } = await newPage(ids);
    const url = `/api/author/page/${page.page_id}`;
    // The spec's page payload limit (000 §9): 200000 bytes, on the wire and once inflated.
    const huge = JSON.stringify({ components: [markdown('big', 'x'.repeat(PAYLOAD_LIMIT_BYTES))] });
    const bomb = await rawSave(author, url, page.etag, gzipSync(huge, { level: 9 }), 'gzip');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().errorText).toBe('The request body is larger than the limit of 200000 bytes.');
    const plain = await rawSave(author, url, page.etag, Buffer.from(huge), 'identity');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errorText).toBe('The request body is larger than the limit of 200000 bytes.');
    // Just under the limit is a page like any other.
    const filler = 'y'.repeat(PAYLOAD_LIMIT_BYTES / 2 - 1000);
    const fits = JSON.stringify({ components: [markdown('fits-1', filler), markdown('fits-2', filler)] });
    expect(Buffer.byteLength(fits)).toBeLessThan(PAYLOAD_LIMIT_BYTES);
    const fitted = await rawSave(author, url, page.etag, Buffer.from(fits), 'identity');
    expect(fitted.statusCode, fitted.body).toBe(200);
    // Text with a NUL character or bytes that are not UTF-8 is refused here as everywhere.
    const nul = await save(author, url, page.etag, { components: [markdown('nul', 'a\u0000b')] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errorText).toBe(PlatformMessages.NulInBody);
    const corrupt = await rawSave(author, url, page.etag, Buffer.from('not compressed'), 'gzip');
    expect(corrupt.statusCode).toBe(400);
    const brotli = await rawSave(author, url, page.etag, Buffer.from('{}'), 'compress');
    expect(brotli.statusCode).toBe(400);
  });

  it('refuses invalid components with a message per field', async () => {
    const ids = await newCourse();
    const { page } = await newPage(ids);
    const url = pageUrl(ids, page.page_id);
    const tooManyRows = await save(author, url, page.etag, {
      components: [
        {
          type: 'Table',
          comp_id: 't',
          content: { hasHeader: true, rows: Array.from({ length: 11 }, () => ['cell']) },
        },
      ],
    });
    expect(tooManyRows.statusCode).toBe(400);
    expect(Object.keys(tooManyRows.json().errors)).toEqual(['components.0.content.rows']);
    const unknownType = await save(author, url, page.etag, { components: [{ type: 'Nope', comp_id: 'n' }] });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().errors).toHaveProperty('components.0.type');
    const duplicate = await save(author, url, page.etag, {
      components: [markdown('same', 'a'), markdown('same', 'b')],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual({ components: "Two widgets share the comp_id 'same'." });
  });
});

describe('snapshots, restore and delete', () => {
  it('lists snapshots newest first, fetches one and restores it as a new save', async () => {
    const ids = await newCourse();
    const { page } = await newPage(ids);
    const url = pageUrl(ids, page.page_id);
    const v1 = (
      await save(author, url, page.etag, { title: 'One', components: [markdown('m', 'first')] })
    ).json().page;
    const v2 = (
      await save(author, url, v1.etag, { title: 'Two', components: [markdown('m', 'second')] })
    ).json().page;
    const base = `/api/author/${authorId}/collection/${ids.collection_id}/page/snapshot?key=${page.page_id}&document_type=page`;
    const list = (await author.get(base)).json() as PageSnapshotListResponse;
    expect(list.snapshots.map((snapshot) => [snapshot.title, snapshot.saved_by_name])).toEqual([
      ['Two', 'Ada Author'],
      ['One', 'Ada Author'],
    ]);
    const oldest = list.snapshots[1];
    const one = await author.get(`${base}&snapshot_id=${oldest?.snapshot_id}`);
    expect(one.json().snapshot.components[0].content.text).toBe('first');

    const staleRestore = await author.request(
      'POST',
      `${url}/restore`,
      { snapshot_id: oldest?.snapshot_id },
      {
        headers: { 'if-match': v1.etag },
      },
    );
    expect(staleRestore.statusCode).toBe(409);
    const restored = await author.request(
      'POST',
      `${url}/restore`,
      { snapshot_id: oldest?.snapshot_id },
      {
        headers: { 'if-match': v2.etag },
      },
    );
    expect(restored.statusCode).toBe(200);
    expect(restored.json().page).toMatchObject({ title: 'One' });
    expect(((await author.get(base)).json() as PageSnapshotListResponse).snapshots).toHaveLength(3);
    expect((await learner.get(base)).statusCode).toBe(404);
  });

  it('deletes a page with its eTag and removes it from the TOC', async () => {
    const ids = await newCourse();
    const { page } = await newPage(ids);
    const stale = await author.request('DELETE', `/api/author/page/${page.page_id}`, undefined, {
      headers: { 'if-match': 'stale' },
    });
    expect(stale.statusCode).toBe(409);
    const deleted = await author.request('DELETE', `/api/author/page/${page.page_id}`, undefined, {
      headers: { 'if-match': page.etag },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ ok: true, collection_etag: expect.any(String) });
    const collection = (await author.get(`/api/author/${authorId}/collection/${ids.collection_id}`)).json();
    expect(collection.toc.flatMap((category: { pages: unknown[] }) => category.pages)).toEqual([]);
    expect((await author.get(pageUrl(ids, page.page_id))).statusCode).toBe(404);
  });
});

describe('publishing', () => {
  it('publishes a new version that readers see; the old version becomes obsolete', async () => {
    const course = await buildCourse(t.database, { title: 'Published Course' });
    const owner = await logIn(course.author);
    const ids = { author_id: course.author.id, collection_id: course.collection.id };
    const pageId = course.pageIds[0] ?? 0;
    const draft = (await owner.get(pageUrl(ids, pageId))).json().page;
    const saved = await save(owner, pageUrl(ids, pageId), draft.etag, {
      components: [markdown('md-0', 'Brand new text.')],
    });
    expect(saved.statusCode).toBe(200);

    const readerUrl = `/api/reader/collection/${ids.author_id}/${ids.collection_id}/page/${pageId}`;
    const reader = new TestClient(t.app);
    const beforePublish = (await reader.get(readerUrl)).json() as Lesson;
    expect(JSON.stringify(beforePublish.page.components)).not.toContain('Brand new text.');

    const published = await owner.post(`/api/author/page/${pageId}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json().version).toMatchObject({ version_no: 2, state: VersionState.Published });
    const afterPublish = (await reader.get(readerUrl)).json() as Lesson;
    expect(JSON.stringify(afterPublish.page.components)).toContain('Brand new text.');

    const again = await owner.post(`/api/author/${ids.author_id}/collection/${ids.collection_id}/publish`);
    expect(again.json().version.version_no).toBe(3);
    const versions = await t.database.db
      .select({ versionNo: collectionVersions.versionNo, state: collectionVersions.state })
      .from(collectionVersions)
      .where(eq(collectionVersions.collectionId, ids.collection_id))
      .orderBy(asc(collectionVersions.versionNo));
    expect(versions).toEqual([
      { versionNo: 1, state: VersionState.Obsolete },
      { versionNo: 2, state: VersionState.Obsolete },
      { versionNo: 3, state: VersionState.Published },
    ]);
    expect((await learner.post(`/api/author/page/${pageId}/publish`)).statusCode).toBe(403);
  });
});

describe('review', () => {
  async function featured(query: string): Promise<FeaturedItemsResponse> {
    return (await new TestClient(t.app).get(`/api/reader/featured_items?${query}`)).json();
  }

  async function submittedCourse(title: string) {
    const ids = await newCourse(author, { title });
    const { page } = await newPage(ids);
    await save(author, pageUrl(ids, page.page_id), page.etag, {
      components: [markdown('m', `${title} text`)],
    });
    // What the review quality gate asks of a course besides its lessons.
    const url = `/api/author/${authorId}/collection/${ids.collection_id}`;
    const { etag } = (await author.get(url)).json() as AuthorCollectionResponse;
    const details = await author.request(
      'PUT',
      url,
      { summary: `${title} in brief.`, cover_image_url: '/api/assets/abcdefghijklmnopqrstuvwxyz012345.png' },
      { headers: { 'if-match': etag } },
    );
    expect(details.statusCode).toBe(200);
    const submitted = await author.put(
      `/api/author/${authorId}/collection/${ids.collection_id}/submit-for-review`,
    );
    expect(submitted.statusCode).toBe(200);
    return { ids, submitted: submitted.json() };
  }

  it('takes a submission through the queue to approval and into the listings', async () => {
    const { ids, submitted } = await submittedCourse('Zebra Studio Course');
    expect(submitted).toMatchObject({
      review_state: CourseReviewState.SubmittedForReview,
      submission_type: SubmissionType.New,
      version: { version_no: 1 },
    });
    expect((await featured('search_string=zebra')).items).toEqual([]);
    const again = await author.put(
      `/api/author/${authorId}/collection/${ids.collection_id}/submit-for-review`,
    );
    expect(again.statusCode).toBe(409);

    expect((await learner.get('/api/admin/review-queue')).statusCode).toBe(403);
    expect(
      (await author.post(`/api/admin/review/${ids.collection_id}`, { decision: 'approve' })).statusCode,
    ).toBe(403);
    const queue = await admin.get('/api/admin/review-queue');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({
        collection_id: ids.collection_id,
        title: 'Zebra Studio Course',
        author_name: 'Ada Author',
        submission_type: SubmissionType.New,
        submitted_at: expect.any(String),
      }),
    );

    const approved = await admin.post(`/api/admin/review/${ids.collection_id}`, { decision: 'approve' });
    expect(approved.json()).toEqual({
      collection_id: ids.collection_id,
      review_state: CourseReviewState.Approved,
    });
    expect((await featured('search_string=zebra')).items.map((item) => item.collection_id)).toEqual([
      ids.collection_id,
    ]);
    const queueAfter = (await admin.get('/api/admin/review-queue')).json();
    expect(queueAfter.items.map((item: { collection_id: number }) => item.collection_id)).not.toContain(
      ids.collection_id,
    );
  });

  it('rejects only with a reason, and counts the next submission as a re-submission', async () => {
    const { ids } = await submittedCourse('Yak Studio Course');
    const noReason = await admin.post(`/api/admin/review/${ids.collection_id}`, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Give a reason when rejecting content.' });
    const rejected = await admin.post(`/api/admin/review/${ids.collection_id}`, {
      decision: 'reject',
      reason: 'Lessons are too short.',
    });
    expect(rejected.json().review_state).toBe(CourseReviewState.Unapproved);
    const view = (await author.get(`/api/author/${authorId}/collection/${ids.collection_id}`)).json();
    expect(view.collection.last_review).toMatchObject({
      review_state: CourseReviewState.Unapproved,
      reason: 'Lessons are too short.',
    });
    expect((await featured('search_string=yak')).items).toEqual([]);

    const resubmitted = await author.put(
      `/api/author/${authorId}/collection/${ids.collection_id}/submit-for-review`,
    );
    expect(resubmitted.json()).toMatchObject({
      submission_type: SubmissionType.ReSubmission,
      version: { version_no: 2 },
    });
  });

  it('lists content approved for early access under scope=early-access', async () => {
    const { ids } = await submittedCourse('Xerus Studio Course');
    const early = await admin.post(`/api/admin/review/${ids.collection_id}`, {
      decision: 'approve_early_access',
    });
    expect(early.json().review_state).toBe(CourseReviewState.ApprovedForEarlyAccess);
    const listed = await featured('scope=early-access&search_string=xerus');
    expect(listed.items.map((item) => [item.collection_id, item.is_early_access])).toEqual([
      [ids.collection_id, true],
    ]);
    const notInReview = await admin.post(`/api/admin/review/${ids.collection_id}`, { decision: 'approve' });
    expect(notInReview.statusCode).toBe(400);
  });
});
