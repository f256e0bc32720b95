import type {
  AssessmentPages,
  AuthorCollectionResponse,
  CreatePageResponse,
  EditorProject,
} from '@coderoom/contracts';
import { ErrorMessages } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../db/schema.js';
import { EtagMessages } from '../../platform/http/etag.js';
import { buildTestApp, signUp, type TestApp, type TestClient } from '../../test/harness.js';

// The one eTag scheme (docs/decisions.md "eTags"; spec 000 §7 "eTag header"): every versioned save of the
// studio names its version in the eTag header (If-Match is accepted too), answers the new one in ETag,
// refuses a stale one with the Conflicts 409 and a missing one with 400. Notes answer 505 instead
// (notes.routes.test.ts).

let t: TestApp;
let author: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  author = (await signUp(t.app, { full_name: 'Etag Author' })).client;
});
afterAll(async () => {
  await t.close();
});

async function create(workType: string, title: string) {
  const response = await author.post(`/api/author/collection?work_type=${workType}`, { title });
  expect(response.statusCode, response.body).toBe(201);
  const { author_id, collection_id } = response.json() as { author_id: number; collection_id: number };
  return { author_id, collection_id, base: `/api/author/${author_id}/collection/${collection_id}` };
}

const put = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  author.request('PUT', url, body, { headers });

describe('page saves (PUT /api/author/page/{id} and …/collection/{c}/page/{p})', () => {
  async function newPage() {
    const ids = await create('course', 'Etag Course');
    const response = await author.post('/api/author/page', {
      author_id: ids.author_id,
      collection_id: ids.collection_id,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json() as CreatePageResponse;
    expect(response.headers.etag).toBe(`"${created.page.etag}"`);
    return { ...ids, page: created.page };
  }
  const body = (title: string) => ({ title, components: [] });

  it('accepts the version in the eTag header, quoted or bare, and answers the new one', async () => {
    const { page, base } = await newPage();
    const first = await put(`/api/author/page/${page.page_id}`, body('One'), { etag: `"${page.etag}"` });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().page as { etag: string; title: string };
    expect(saved.title).toBe('One');
    expect(saved.etag).not.toBe(page.etag);
    expect(first.headers.etag).toBe(`"${saved.etag}"`);

    const second = await put(`${base}/page/${page.page_id}`, body('Two'), { etag: saved.etag });
    expect(second.statusCode, second.body).toBe(200);
    const [row] = await t.database.db.select().from(pages).where(eq(pages.id, page.page_id));
    expect(row).toMatchObject({ title: 'Two', etag: second.json().page.etag });
  });

  it('accepts the standard If-Match header too, weak prefix included', async () => {
    const { page } = await newPage();
    const saved = await put(`/api/author/page/${page.page_id}`, body('Via If-Match'), {
      'if-match': `W/"${page.etag}"`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().page.title).toBe('Via If-Match');
  });

  it('answers a stale version with 409 and the Conflicts text, and keeps the newer save', async () => {
    const { page } = await newPage();
    const url = `/api/author/page/${page.page_id}`;
    expect((await put(url, body('Mine'), { etag: page.etag })).statusCode).toBe(200);
    const stale = await put(url, body('Theirs'), { etag: page.etag });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ errorText: ErrorMessages.ContentJustUpdated });
    const [row] = await t.database.db.select().from(pages).where(eq(pages.id, page.page_id));
    expect(row?.title).toBe('Mine');
  });

  it('refuses a save or a delete without a version with 400 and changes nothing', async () => {
    const { page } = await newPage();
    const url = `/api/author/page/${page.page_id}`;
    const missing = await put(url, body('Blind'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      errorText: EtagMessages.Required,
      errors: { etag: EtagMessages.Required },
    });
    expect((await put(url, body('Empty'), { etag: '""' })).statusCode).toBe(400);
    expect((await author.request('DELETE', url)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(pages).where(eq(pages.id, page.page_id));
    expect(row).toMatchObject({ title: page.title, etag: page.etag });
  });

  it('prefers the eTag header when both are sent', async () => {
    const { page } = await newPage();
    const stale = await put(`/api/author/page/${page.page_id}`, body('Both'), {
      etag: 'not-the-version',
      'if-match': page.etag,
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('collection, assessment and project saves share the scheme', () => {
  it('saves a collection with its eTag header and refuses a stale one with 409', async () => {
    const { base } = await create('course', 'Details');
    const read = await author.get(base);
    const loaded = read.json() as AuthorCollectionResponse;
    expect(read.headers.etag).toBe(`"${loaded.etag}"`);
    const saved = await put(base, { title: 'Renamed' }, { etag: loaded.etag });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe(`"${saved.json().etag}"`);
    const stale = await put(base, { title: 'Again' }, { 'if-match': loaded.etag });
    expect(stale.statusCode).toBe(409);
    expect((await put(base, { title: 'Blind' })).statusCode).toBe(400);
  });

  it("versions an assessment's question list with a stored eTag that every write replaces", async () => {
    const { base, collection_id } = await create('skill_assessment', 'Etag Check');
    const read = await author.post(`${base}/get-assessment-pages`);
    const list = read.json() as AssessmentPages;
    expect(read.headers.etag).toBe(`"${list.etag}"`);
    expect((await author.post(`${base}/get-assessment-pages`)).json().etag).toBe(list.etag);

    const question = {
      content: JSON.stringify({
        kind: 'multiple_choice',
        difficulty: 1001,
        skill: 'Basics',
        text: 'Which one?',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        language: null,
        starter_code: null,
      }),
      protected_content: JSON.stringify({
        correct_option_ids: ['a'],
        explanation: '',
        test_cases: [],
        solution: null,
      }),
    };
    const url = `${base}/assessment/${collection_id}/question/new`;
    const created = await put(url, question, { etag: list.etag });
    expect(created.statusCode, created.body).toBe(201);
    const next = created.json().etag as string;
    expect(next).not.toBe(list.etag);
    expect(created.headers.etag).toBe(`"${next}"`);

    expect((await put(url, question, { etag: list.etag })).statusCode).toBe(409);
    expect((await put(url, question)).statusCode).toBe(400);
    const reorder = await put(
      `${base}/assessment/${collection_id}`,
      { question_ids: [created.json().question.question_id] },
      { 'if-match': next },
    );
    expect(reorder.statusCode, reorder.body).toBe(200);
  });

  it('versions a project and its tasks as one record', async () => {
    const { base } = await create('standalone_project', 'Etag Project');
    const ensured = await author.post(`${base}/project`);
    const projectUrl = `${base}/project/${ensured.json().project_id}`;
    const project = (await author.get(projectUrl)).json() as EditorProject;
    const task = { title: 'Read', type: 'url_iframe', url: 'https://example.com/' };

    const added = await put(
      `${base}/project_component/new`,
      { ...task, project_id: project.project_id },
      {
        etag: project.etag,
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    const afterTask = added.json().etag as string;
    expect(added.headers.etag).toBe(`"${afterTask}"`);

    const details = {
      title: 'Renamed project',
      summary: project.summary,
      difficulty: project.difficulty,
      description: project.description,
      pre_reqs: [],
      pre_requisite_projects: [],
      relevant_courses: [],
      udata_files: [],
      component_ids: [added.json().task.component_id],
    };
    // The task's save moved the project's version: details based on the older one are stale.
    expect((await put(projectUrl, details, { etag: project.etag })).statusCode).toBe(409);
    const saved = await put(projectUrl, details, { 'if-match': `"${afterTask}"` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Renamed project', etag: expect.any(String) });
    expect(saved.json().etag).not.toBe(afterTask);
  });
});
