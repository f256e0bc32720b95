import type {
  AuthorPage,
  CollectionVersionsResponse,
  CreatePageResponse,
  PageDiffResponse,
  VersionPageResponse,
  Widget,
} from '@coderoom/contracts';
import { ErrorMessages, VersionState } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';
import { ContentErrors } from '../content/content.errors.js';

let t: TestApp;
let author: TestClient;
let authorId: number;
let learner: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  const signedUp = await signUp(t.app, { full_name: 'Vera Versions' });
  author = signedUp.client;
  authorId = signedUp.user.user_id;
  learner = (await signUp(t.app)).client;
});
afterAll(async () => {
  await t.close();
});

const markdown = (compId: string, text: string): Widget => ({
  type: 'MarkdownEditor',
  comp_id: compId,
  content: { text },
});

function save(url: string, etag: string, body: unknown) {
  return author.request('PUT', url, body, { headers: { 'if-match': etag } });
}

function restore(url: string, etag: string | undefined, body: unknown) {
  return author.request('POST', `${url}/restore`, body, {
    headers: etag === undefined ? {} : { 'if-match': etag },
  });
}

/**
 * A course with history: version 1 publishes lesson A as "first draft"; then A is rewritten, lesson B is
 * added and version 2 is published; then A is edited once more (draft only).
 */
async function courseWithHistory() {
  const created = await author.post('/api/author/collection?work_type=course', { title: 'History' });
  expect(created.statusCode).toBe(201);
  const ids = created.json() as { author_id: number; collection_id: number };
  const base = `/api/author/${ids.author_id}/collection/${ids.collection_id}`;
  const newPage = async (title: string) => {
    const response = await author.post('/api/author/page', {
      author_id: ids.author_id,
      collection_id: ids.collection_id,
      title,
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as CreatePageResponse).page;
  };
  const a = await newPage('Lesson A');
  const aUrl = `${base}/page/${a.page_id}`;
  const a1 = (
    await save(aUrl, a.etag, {
      title: 'Lesson A',
      estimated_minutes: 5,
      components: [markdown('intro', 'Hello\nfirst draft\nBye'), markdown('old', 'To be removed')],
    })
  ).json().page as AuthorPage;
  expect((await author.post(`${base}/publish`)).statusCode).toBe(200);

  const a2 = (
    await save(aUrl, a1.etag, {
      title: 'Lesson A, revised',
      estimated_minutes: 5,
      components: [markdown('intro', 'Hello\nsecond draft\nBye')],
    })
  ).json().page as AuthorPage;
  const b = await newPage('Lesson B');
  expect((await author.post(`${base}/publish`)).statusCode).toBe(200);

  const a3 = (
    await save(aUrl, a2.etag, {
      title: 'Lesson A, revised',
      estimated_minutes: 7,
      components: [markdown('intro', 'Hello\nthird draft\nBye'), markdown('new', 'Fresh')],
    })
  ).json().page as AuthorPage;
  return { ids, base, a, aUrl, b, a1, a2, a3 };
}

describe('GET …/versions', () => {
  it('lists every version newest first with its state and lesson titles', async () => {
    const { base, a, b } = await courseWithHistory();
    const response = await author.get(`${base}/versions`);
    expect(response.statusCode).toBe(200);
    const { versions, page } = response.json() as CollectionVersionsResponse;
    expect(page).toBeUndefined();
    expect(versions.map((version) => [version.version_no, version.state, version.lesson_count])).toEqual([
      [2, VersionState.Published, 2],
      [1, VersionState.Obsolete, 1],
    ]);
    expect(versions[0]?.lessons).toEqual([
      { page_id: a.page_id, title: 'Lesson A, revised' },
      { page_id: b.page_id, title: 'Lesson B' },
    ]);
    expect(versions[1]?.lessons).toEqual([{ page_id: a.page_id, title: 'Lesson A' }]);
    expect(versions[0]?.published_at).toEqual(expect.any(String));
    expect(versions[0]).not.toHaveProperty('page');
  });

  it("with page_id, adds the page's snapshots and its content in each version", async () => {
    const { base, a, b, a3 } = await courseWithHistory();
    const response = await author.get(`${base}/versions?page_id=${a.page_id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as CollectionVersionsResponse;
    expect(body.page).toMatchObject({ page_id: a.page_id, title: 'Lesson A, revised', etag: a3.etag });
    expect(body.page?.snapshots.map((snapshot) => snapshot.title)).toEqual([
      'Lesson A, revised',
      'Lesson A, revised',
      'Lesson A',
    ]);
    expect(body.page?.snapshots[0]?.etag).toBe(a3.etag);
    expect(body.versions.map((version) => version.page?.components.map((widget) => widget.comp_id))).toEqual([
      ['intro'],
      ['intro', 'old'],
    ]);
    expect(body.versions[1]?.page).toMatchObject({ title: 'Lesson A', estimated_minutes: 5 });

    const lessonB = (await author.get(`${base}/versions?page_id=${b.page_id}`)).json();
    expect(lessonB.versions.map((version: { page: unknown }) => version.page === null)).toEqual([
      false,
      true,
    ]);
  });

  it('answers an empty history for a never-published collection', async () => {
    const created = (await author.post('/api/author/collection?work_type=course', {})).json();
    const response = await author.get(
      `/api/author/${created.author_id}/collection/${created.collection_id}/versions`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ versions: [] });
  });
});

describe('GET …/versions/{no}/page/{p}', () => {
  it('returns the page as that version published it', async () => {
    const { base, a, b } = await courseWithHistory();
    const response = await author.get(`${base}/versions/1/page/${a.page_id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as VersionPageResponse;
    expect(body.version).toMatchObject({ version_no: 1, state: VersionState.Obsolete, title: 'History' });
    expect(body.page.title).toBe('Lesson A');
    expect(body.page.components[0]).toMatchObject({
      comp_id: 'intro',
      content: { text: 'Hello\nfirst draft\nBye', mdHtml: expect.stringContaining('first draft') },
    });

    const missingVersion = await author.get(`${base}/versions/9/page/${a.page_id}`);
    expect(missingVersion.statusCode).toBe(404);
    expect(missingVersion.json().errorText).toBe(ContentErrors.VersionNotFound);
    expect((await author.get(`${base}/versions/1/page/${b.page_id}`)).statusCode).toBe(404);
  });
});

describe('GET …/page/{p}/diff', () => {
  it('diffs a published version against the draft, widget by widget', async () => {
    const { aUrl, a3 } = await courseWithHistory();
    const response = await author.get(`${aUrl}/diff?against=version:1`);
    expect(response.statusCode).toBe(200);
    const diff = response.json() as PageDiffResponse;
    expect(diff.against).toMatchObject({ kind: 'version', version_no: 1, state: VersionState.Obsolete });
    expect(diff.draft.etag).toBe(a3.etag);
    expect(diff.has_changes).toBe(true);
    expect(diff.fields.map((field) => field.field)).toEqual(['title', 'estimated_minutes']);
    expect(diff.fields[0]?.diff.lines).toEqual([
      { change: 'removed', text: 'Lesson A', old_line: 1 },
      { change: 'added', text: 'Lesson A, revised', new_line: 1 },
    ]);
    expect(diff.widgets.map((widget) => [widget.comp_id, widget.change])).toEqual([
      ['intro', 'changed'],
      ['old', 'removed'],
      ['new', 'added'],
    ]);
    expect(diff.widgets[0]?.fields).toEqual([
      {
        path: 'text',
        diff: {
          added: 1,
          removed: 1,
          lines: [
            { change: 'equal', text: 'Hello', old_line: 1, new_line: 1 },
            { change: 'removed', text: 'first draft', old_line: 2 },
            { change: 'added', text: 'third draft', new_line: 2 },
            { change: 'equal', text: 'Bye', old_line: 3, new_line: 3 },
          ],
        },
      },
    ]);
    expect(diff.unchanged_widgets).toBe(0);
  });

  it('diffs a snapshot against the draft; the latest snapshot shows no changes', async () => {
    const { base, a, aUrl } = await courseWithHistory();
    const { page } = (
      await author.get(`${base}/versions?page_id=${a.page_id}`)
    ).json() as CollectionVersionsResponse;
    const [latest, , oldest] = page?.snapshots ?? [];
    const same = (
      await author.get(`${aUrl}/diff?against=snapshot:${latest?.snapshot_id}`)
    ).json() as PageDiffResponse;
    expect(same).toMatchObject({ has_changes: false, fields: [], widgets: [], unchanged_widgets: 2 });
    expect(same.against).toMatchObject({ kind: 'snapshot', snapshot_id: latest?.snapshot_id });

    const old = (
      await author.get(`${aUrl}/diff?against=snapshot:${oldest?.snapshot_id}`)
    ).json() as PageDiffResponse;
    // Snapshots do not keep estimated_minutes, so only the title differs among the page fields.
    expect(old.fields.map((field) => field.field)).toEqual(['title']);
    expect(old.widgets.map((widget) => widget.change)).toEqual(['changed', 'removed', 'added']);
  });

  it('refuses an unknown state and reports missing ones', async () => {
    const { aUrl } = await courseWithHistory();
    const bad = await author.get(`${aUrl}/diff?against=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('against');
    expect((await author.get(`${aUrl}/diff`)).statusCode).toBe(400);
    expect((await author.get(`${aUrl}/diff?against=version:42`)).statusCode).toBe(404);
    expect((await author.get(`${aUrl}/diff?against=snapshot:999999`)).statusCode).toBe(404);
  });
});

describe('POST …/page/{p}/restore', () => {
  it("restores a published version's page as a new save, checked against the current eTag", async () => {
    const { base, a, aUrl, a2, a3 } = await courseWithHistory();
    const stale = await restore(aUrl, a2.etag, { version_no: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(ErrorMessages.ContentJustUpdated);
    expect((await restore(aUrl, undefined, { version_no: 1 })).statusCode).toBe(400);

    const restored = await restore(aUrl, a3.etag, { version_no: 1 });
    expect(restored.statusCode).toBe(200);
    const page = restored.json().page as AuthorPage;
    expect(page).toMatchObject({ title: 'Lesson A', estimated_minutes: 5 });
    expect(page.components.map((widget) => widget.comp_id)).toEqual(['intro', 'old']);
    expect(restored.headers.etag).toBe(`"${page.etag}"`);
    expect(page.etag).not.toBe(a3.etag);

    // The restore is a save like any other: it leaves a snapshot and the draft now equals version 1.
    const history = (
      await author.get(`${base}/versions?page_id=${a.page_id}`)
    ).json() as CollectionVersionsResponse;
    expect(history.page?.snapshots).toHaveLength(4);
    expect(history.page?.snapshots[0]?.etag).toBe(page.etag);
    const diff = (await author.get(`${aUrl}/diff?against=version:1`)).json() as PageDiffResponse;
    expect(diff.has_changes).toBe(false);
  });

  it('still restores snapshots, and takes exactly one of snapshot_id and version_no', async () => {
    const { base, a, aUrl, a3 } = await courseWithHistory();
    const { page } = (
      await author.get(`${base}/versions?page_id=${a.page_id}`)
    ).json() as CollectionVersionsResponse;
    const oldest = page?.snapshots.at(-1);
    const both = await restore(aUrl, a3.etag, { snapshot_id: oldest?.snapshot_id, version_no: 1 });
    expect(both.statusCode).toBe(400);
    expect((await restore(aUrl, a3.etag, {})).statusCode).toBe(400);
    expect((await restore(aUrl, a3.etag, { version_no: 7 })).statusCode).toBe(404);

    const restored = await restore(aUrl, a3.etag, { snapshot_id: oldest?.snapshot_id });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().page.title).toBe('Lesson A');
  });
});

describe('who may see the history', () => {
  it('is for editors: 401 logged out, 404 for strangers, 403 for readers of a published course', async () => {
    const { base, a, aUrl, a3 } = await courseWithHistory();
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`${base}/versions`)).statusCode).toBe(401);
    expect((await learner.get(`${base}/versions`)).statusCode).toBe(404);
    expect((await learner.get(`${base}/versions/1/page/${a.page_id}`)).statusCode).toBe(404);
    expect((await learner.get(`${aUrl}/diff?against=version:1`)).statusCode).toBe(404);
    const refused = await learner.request(
      'POST',
      `${aUrl}/restore`,
      { version_no: 1 },
      { headers: { 'if-match': a3.etag } },
    );
    expect(refused.statusCode).toBe(404);

    // An approved, public course: learners read it, so the studio answers 403 rather than 404.
    const owner = await buildUser(t.database, { fullName: 'Owner' });
    const { collection } = await buildCourse(t.database, { author: owner, lessons: 1 });
    const published = `/api/author/${owner.id}/collection/${collection.id}`;
    const forbidden = await learner.get(`${published}/versions`);
    expect(forbidden.statusCode).toBe(403);
    expect(authorId).toBeGreaterThan(0);
  });
});
