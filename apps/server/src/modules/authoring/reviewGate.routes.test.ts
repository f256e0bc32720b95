import type {
  AuthorCollectionResponse,
  CreatePageResponse,
  ReviewChecklist,
  Widget,
} from '@coderoom/contracts';
import { CourseReviewState } from '@coderoom/domain';
import { createRunner, type Runner } from '@coderoom/runner';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

// The review quality gate (docs/authoring.md "Review quality gate"): an empty course or lesson, a missing
// summary or cover, or a code exercise whose reference solution fails its tests in the real sandbox
// cannot be submitted; the checklist says what to fix, to the author and to the reviewer.

let t: TestApp;
let app: FastifyInstance;
let runner: Runner;
let author: TestClient;
let authorId: number;

beforeAll(async () => {
  t = await buildTestApp();
  // A uid range of its own: other suites' runners run at the same time (the sweep kills by uid).
  runner = createRunner({ slots: 1, queueSize: 16, uidBase: 65600 });
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: t.database,
    mailer: t.mailer,
    runner,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
  const signedUp = await signUp(app, { full_name: 'Gate Author' });
  author = signedUp.client;
  authorId = signedUp.user.user_id;
});
afterAll(async () => {
  await app.close();
  await runner.close();
  await t.close();
});

const exercise = (solution: string): Widget => ({
  type: 'Code',
  comp_id: 'ex1',
  content: {
    language: 'python3',
    code: '# print the answer\n',
    judge: true,
    solution,
    testCases: [{ input: '', output: '42\n', hidden: false }],
  } as never,
});

async function newCourse(title: string) {
  const response = await author.post('/api/author/collection?work_type=course', { title });
  expect(response.statusCode).toBe(201);
  const { collection_id } = response.json() as { collection_id: number };
  return `/api/author/${authorId}/collection/${collection_id}`;
}

async function addLesson(courseUrl: string, components: Widget[] = []) {
  const [, , , author_id, , collection_id] = courseUrl.split('/');
  const created = await author.post('/api/author/page', {
    author_id: Number(author_id),
    collection_id: Number(collection_id),
  });
  const { page } = created.json() as CreatePageResponse;
  if (components.length > 0) {
    const saved = await author.request(
      'PUT',
      `${courseUrl}/page/${page.page_id}`,
      { components },
      { headers: { 'if-match': page.etag } },
    );
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return page;
}

async function savePage(courseUrl: string, pageId: number, components: Widget[]) {
  const current = (await author.get(`${courseUrl}/page/${pageId}`)).json() as { page: { etag: string } };
  const saved = await author.request(
    'PUT',
    `${courseUrl}/page/${pageId}`,
    { components },
    { headers: { 'if-match': current.page.etag } },
  );
  expect(saved.statusCode, saved.body).toBe(200);
}

async function updateDetails(courseUrl: string, body: Record<string, unknown>) {
  const { etag } = (await author.get(courseUrl)).json() as AuthorCollectionResponse;
  const response = await author.request('PUT', courseUrl, body, { headers: { 'if-match': etag } });
  expect(response.statusCode, response.body).toBe(200);
}

async function checklist(client: TestClient, courseUrl: string) {
  const response = await client.get(`${courseUrl}/review-checklist`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReviewChecklist;
}

const failing = (list: ReviewChecklist) =>
  Object.fromEntries(list.items.filter((item) => !item.passed).map((item) => [item.key, item.problems]));

describe('review quality gate', () => {
  it('refuses an empty course with the list of reasons, and stores nothing', async () => {
    const course = await newCourse('Empty Course');
    const response = await author.put(`${course}/submit-for-review`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorText: 'This course is not ready for review yet. Fix the points below, then submit again.',
      errors: {
        'checklist.summary': 'Write a summary of the course.',
        'checklist.cover': 'Upload a cover image.',
        'checklist.lessons': 'Add at least one lesson.',
      },
    });
    const view = (await author.get(course)).json() as AuthorCollectionResponse;
    expect(view.collection.review_state).toBe(CourseReviewState.None);
    expect(view.collection.live_version).toBeNull();

    const list = await checklist(author, course);
    expect(list.ready).toBe(false);
    expect(list.items.map((item) => [item.key, item.passed])).toEqual([
      ['title', true],
      ['summary', false],
      ['cover', false],
      ['lessons', false],
      ['lesson_content', true],
      ['widget_solutions', true],
    ]);
  });

  it('names an empty lesson and a code exercise whose solution fails in the sandbox, until fixed', async () => {
    const course = await newCourse('Gated Course');
    await updateDetails(course, {
      summary: 'Answers, printed.',
      cover_image_url: '/api/assets/abcdefghijklmnopqrstuvwxyz012345.png',
    });
    const empty = await addLesson(course);
    const coding = await addLesson(course, [exercise('print(41)')]);
    await updateDetails(course, {
      toc: [
        {
          title: '',
          pages: [
            { page_id: empty.page_id, title: 'Nothing yet' },
            { page_id: coding.page_id, title: 'Print it' },
          ],
        },
      ],
    });

    expect(failing(await checklist(author, course))).toEqual({
      lesson_content: ['Lesson "Nothing yet" has no content.'],
      widget_solutions: [
        'Lesson "Print it", code widget 1: the solution fails its tests (0 of 1 tests passed).',
      ],
    });
    const refused = await author.put(`${course}/submit-for-review`);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual([
      'checklist.lesson_content',
      'checklist.widget_solutions',
    ]);

    // A missing solution is named too.
    await savePage(course, coding.page_id, [exercise('')]);
    expect(failing(await checklist(author, course)).widget_solutions).toEqual([
      'Lesson "Print it", code widget 1: add a solution that passes its tests.',
    ]);

    await savePage(course, empty.page_id, [
      { type: 'MarkdownEditor', comp_id: 'm1', content: { text: 'Hi.' } },
    ]);
    await savePage(course, coding.page_id, [exercise('print(42)')]);
    const ready = await checklist(author, course);
    expect(ready.ready).toBe(true);
    const submitted = await author.put(`${course}/submit-for-review`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().review_state).toBe(CourseReviewState.SubmittedForReview);

    // The reviewer reads the same checklist; a learner cannot.
    const adminUser = await buildUser(t.database, { admin: true });
    const reviewer = new TestClient(app);
    await reviewer.post('/api/user/login', { email: adminUser.email, password: adminUser.password });
    expect((await checklist(reviewer, course)).ready).toBe(true);
    const { client: learner } = await signUp(app);
    expect((await learner.get(`${course}/review-checklist`)).statusCode).toBe(404);
    expect((await new TestClient(app).get(`${course}/review-checklist`)).statusCode).toBe(401);
  });
});
