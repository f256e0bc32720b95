import type { CourseHome, FeaturedItemsResponse, Lesson } from '@coderoom/contracts';
import { CourseReviewState } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../../db/schema.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
let python: Awaited<ReturnType<typeof buildCourse>>;
let rust: Awaited<ReturnType<typeof buildCourse>>;
beforeAll(async () => {
  t = await buildTestApp();
  python = await buildCourse(t.database, {
    title: 'Python for Data Wrangling',
    summary: 'Read files and reshape tables.',
    topic: 'Python',
    tags: ['python', 'data'],
    lessons: 3,
    components: (index) => [
      {
        type: 'MarkdownEditor',
        comp_id: `intro-${index}`,
        content: { text: `# Part ${index + 1}\n\nSome **bold** text.` },
      },
      {
        type: 'Code',
        comp_id: `exercise-${index}`,
        content: {
          language: 'python3',
          code: 'print(input())',
          runnable: true,
          judge: true,
          enableStdin: false,
          allowDownload: false,
          treatOutputAsHTML: false,
          enableHiddenCode: true,
          hiddenPrependCode: 'SECRET_PREPEND = 1',
          showSolution: false,
          solution: 'print(int(input()) * 2)',
          timeLimit: 30,
          testCases: [
            { input: '2\n', output: '4\n', hidden: false },
            { input: 'secret-input\n', output: 'secret-output\n', hidden: true },
          ],
          unitTests: { code: 'SECRET_TESTS' },
        },
      },
    ],
  });
  rust = await buildCourse(t.database, {
    title: 'Rust Ownership',
    topic: 'Rust',
    difficulty: 'advanced',
    isFree: false,
    earlyAccess: true,
  });
  for (let index = 0; index < 11; index += 1) {
    await buildCourse(t.database, {
      title: `Filler Go Course ${index}`,
      topic: 'Go',
      difficulty: 'intermediate',
    });
  }
});
afterAll(async () => {
  await t.close();
});

async function featured(query: string): Promise<FeaturedItemsResponse> {
  const response = await new TestClient(t.app).get(`/api/reader/featured_items?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/reader/featured_items', () => {
  it('finds a course by a word of its title, and by a prefix', async () => {
    expect((await featured('search_string=python')).items.map((item) => item.title)).toEqual([
      'Python for Data Wrangling',
    ]);
    expect((await featured('search_string=wrangl')).items[0]?.title).toBe('Python for Data Wrangling');
    expect((await featured('search_string=no-such-thing-anywhere')).items).toEqual([]);
  });

  it('gives cards with the friendly url and counts', async () => {
    const [card] = (await featured('search_string=python')).items;
    expect(card).toMatchObject({
      collection_id: python.collection.id,
      author_id: python.author.id,
      url: `/courses/${python.collection.slug}/${python.collection.encodedId}`,
      lesson_count: 3,
      language_topic: 'Python',
      author_name: 'Course Author',
    });
  });

  it('filters by topic, difficulty, free and early access', async () => {
    expect((await featured('topic=Rust')).items.map((item) => item.title)).toEqual(['Rust Ownership']);
    expect((await featured('difficulty=advanced')).items.map((item) => item.title)).toEqual([
      'Rust Ownership',
    ]);
    expect((await featured('scope=free&topic=Rust')).items).toEqual([]);
    expect((await featured('scope=early-access')).items.map((item) => item.title)).toEqual([
      'Rust Ownership',
    ]);
    expect((await featured('type=paths')).items).toEqual([]);
  });

  it('pages listings ten at a time', async () => {
    const first = await featured('topic=Go');
    expect(first).toMatchObject({ total: 11, page: 1, page_size: 10 });
    expect(first.items).toHaveLength(10);
    expect((await featured('topic=Go&page=2')).items).toHaveLength(1);
  });

  it('cuts the search string at 128 characters instead of refusing it', async () => {
    const long = `python${' '.repeat(122)}zzzzzzzzzz`;
    expect((await featured(`search_string=${encodeURIComponent(long)}`)).items[0]?.title).toBe(
      'Python for Data Wrangling',
    );
  });

  it('answers an unknown filter value with 400 and the field', async () => {
    const response = await new TestClient(t.app).get('/api/reader/featured_items?type=videos');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('type');
  });
});

describe('GET /api/reader/learner-tags/landing-page-details/{tag}', () => {
  it('lists the items of a language tag', async () => {
    const response = await new TestClient(t.app).get('/api/reader/learner-tags/landing-page-details/python');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ tag: 'python', title: 'Learn Python' });
    expect(response.json().items[0].title).toBe('Python for Data Wrangling');
  });

  it('is 404 for a tag nothing carries', async () => {
    const response = await new TestClient(t.app).get('/api/reader/learner-tags/landing-page-details/cobol');
    expect(response.statusCode).toBe(404);
  });
});

describe('course homepage', () => {
  it('is public by its encoded id, with the table of contents', async () => {
    const response = await new TestClient(t.app).get(
      `/api/reader/collection/code/${python.collection.encodedId}`,
    );
    expect(response.statusCode).toBe(200);
    const home: CourseHome = response.json();
    expect(home.collection.title).toBe('Python for Data Wrangling');
    expect(home.toc[0]?.title).toBe('__default');
    expect(home.toc[1]).toMatchObject({ title: 'Basics', type: 'collection' });
    expect(home.toc[1]?.pages.map((page) => page.page_id)).toEqual(python.pageIds);
    expect(home.toc[1]?.pages[0]).toMatchObject({
      is_preview: true,
      is_optional: false,
      type: 'collection_lesson',
      url: `/collection/page/${python.author.id}/${python.collection.id}/${python.pageIds[0]}`,
    });
    expect(home.progress).toBeNull();
  });

  it('is 404 for a code that does not exist and 400 for one that cannot', async () => {
    expect((await new TestClient(t.app).get('/api/reader/collection/code/zzzzzzzz')).statusCode).toBe(404);
    expect((await new TestClient(t.app).get('/api/reader/collection/code/NOT!VALID')).statusCode).toBe(400);
  });

  it('hides private and unapproved content from everyone but its author', async () => {
    const hidden = await buildCourse(t.database, { title: 'Private Course' });
    await t.database.db
      .update(collections)
      .set({ isPrivate: true })
      .where(eq(collections.id, hidden.collection.id));
    const url = `/api/reader/collection/${hidden.author.id}/${hidden.collection.id}`;
    const { client } = await signUp(t.app);
    expect((await client.get(url)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(404);
    const author = new TestClient(t.app);
    await author.post('/api/user/login', { email: hidden.author.email, password: hidden.author.password });
    expect((await author.get(url)).statusCode).toBe(200);

    const unapproved = await buildCourse(t.database, { title: 'Under Review' });
    await t.database.db
      .update(collections)
      .set({ reviewState: CourseReviewState.SubmittedForReview })
      .where(eq(collections.id, unapproved.collection.id));
    expect(
      (await client.get(`/api/reader/collection/${unapproved.author.id}/${unapproved.collection.id}`))
        .statusCode,
    ).toBe(404);
    expect((await featured('search_string=review')).items).toEqual([]);
  });

  it('refuses an author id that does not own the collection', async () => {
    const other = await buildUser(t.database);
    const response = await new TestClient(t.app).get(
      `/api/reader/collection/${other.id}/${python.collection.id}`,
    );
    expect(response.statusCode).toBe(404);
  });

  it('shows drafts to their author only; anyone else gets the 404 of a missing one', async () => {
    const url = `/api/reader/collection/${python.author.id}/${python.collection.id}?draft=true`;
    const missing = await new TestClient(t.app).get(
      `/api/reader/collection/${python.author.id}/99999999?draft=true`,
    );
    expect(missing.statusCode).toBe(404);
    // Logged out (issue 13: this was a 401, which told that the draft exists) and logged in alike.
    const loggedOut = await new TestClient(t.app).get(url);
    expect({ status: loggedOut.statusCode, body: loggedOut.json() }).toEqual({
      status: 404,
      body: missing.json(),
    });
    const { client } = await signUp(t.app);
    const stranger = await client.get(url);
    expect({ status: stranger.statusCode, body: stranger.json() }).toEqual({
      status: 404,
      body: missing.json(),
    });
    const author = new TestClient(t.app);
    await author.post('/api/user/login', { email: python.author.email, password: python.author.password });
    const response = await author.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ collection: { is_draft_view: true, can_edit: true } });
  });
});

describe('lesson', () => {
  const lessonUrl = (index: number) =>
    `/api/reader/collection/${python.author.id}/${python.collection.id}/page/${python.pageIds[index]}`;

  it('lets logged-out visitors read preview lessons only', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get(lessonUrl(0))).statusCode).toBe(200);
    expect((await visitor.get(lessonUrl(1))).statusCode).toBe(401);
  });

  it('gives the widgets without hidden tests, hidden code or unit tests, and the neighbours', async () => {
    const { client } = await signUp(t.app);
    const response = await client.get(lessonUrl(1));
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('secret-input');
    expect(response.body).not.toContain('secret-output');
    expect(response.body).not.toContain('SECRET_PREPEND');
    expect(response.body).not.toContain('SECRET_TESTS');
    // showSolution is off, so the solution stays on the server too.
    expect(response.body).not.toContain('int(input()) * 2');
    const lesson: Lesson = response.json();
    expect(lesson.page.title).toBe('Lesson 2');
    const [markdown, code] = lesson.page.components;
    expect(markdown).toMatchObject({ type: 'MarkdownEditor' });
    expect((markdown as { content: { mdHtml: string } }).content.mdHtml).toContain('<strong>bold</strong>');
    expect(code).toMatchObject({
      type: 'Code',
      content: {
        testCases: [{ input: '2\n', output: '4\n', hidden: false }, { hidden: true }],
        hasUnitTests: true,
      },
    });
    expect(lesson.previous?.page_id).toBe(python.pageIds[0]);
    expect(lesson.next?.page_id).toBe(python.pageIds[2]);
    expect(lesson.is_completed).toBe(false);
  });

  it('is 404 for a page of another course', async () => {
    const { client } = await signUp(t.app);
    const response = await client.get(
      `/api/reader/collection/${python.author.id}/${python.collection.id}/page/${rust.pageIds[0]}`,
    );
    expect(response.statusCode).toBe(404);
  });

  it('answers malformed ids with 400', async () => {
    const response = await new TestClient(t.app).get('/api/reader/collection/abc/1/page/1');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('authorId');
  });
});
