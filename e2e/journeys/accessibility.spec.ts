import type { CompletionResponse, CourseHome, FeaturedItemsResponse } from '@coderoom/contracts';
import { expect, type Page, test } from '@playwright/test';
import { apiCall, appRoutePatterns, blockingViolations, linkHref, openProjectTask } from './a11y';
import { DEMO_PASSWORD, logInAs } from './helpers';

// axe-core on every page of the app, each as the account that uses it: zero serious or critical WCAG 2.2 AA
// violations, and exactly one h1. The list of pages is the router's: a route added to
// apps/web/src/app/router.tsx without a visit here fails the first test.

type Account = 'visitor' | 'learner' | 'author' | 'admin';

/** Who visits each route pattern of the router. */
const VISITED_AS: Record<string, Account> = {
  '': 'visitor',
  login: 'visitor',
  signup: 'visitor',
  'password-reset': 'visitor',
  'signup-and-reset-password/:token': 'visitor',
  explore: 'visitor',
  'explore/free': 'visitor',
  'explore/early-access': 'visitor',
  'courses/:slug/:encodedId': 'visitor',
  'paths/:slug/:encodedId': 'visitor',
  '*': 'visitor',
  learn: 'learner',
  'learn/:tab': 'learner',
  'collection/:authorId/:collectionId': 'learner',
  'path/:authorId/:collectionId': 'learner',
  'collection/page/:authorId/:collectionId/:pageId': 'learner',
  'module/page/:authorId/:collectionId/:pageId': 'learner',
  certificates: 'learner',
  'certificate/:hash': 'learner',
  notes: 'learner',
  'dev/widgets': 'learner',
  settings: 'learner',
  playground: 'learner',
  'assessments/:slug/:encodedId': 'learner',
  'assessment/:authorId/:collectionId/:attemptId/:questionId': 'learner',
  'assessment/:authorId/:collectionId/:attemptId/result': 'learner',
  'projects/:slug/:encodedId': 'learner',
  'project/:authorId/:collectionId/:projectId/:componentId': 'learner',
  'cloudlabs/:slug/:encodedId': 'learner',
  'cloudlab/:authorId/:collectionId/:labId/:taskId': 'learner',
  teach: 'author',
  create: 'author',
  'collectioneditor/:authorId/:collectionId': 'author',
  'collection/:authorId/:collectionId/draft': 'author',
  'collection/page/:authorId/:collectionId/:pageId/draft': 'author',
  'patheditor/:authorId/:collectionId': 'author',
  'pageeditor/:authorId/:collectionId/:pageId': 'author',
  'collection/:authorId/:collectionId/versions': 'author',
  'collection/page/:authorId/:collectionId/:pageId/versions': 'author',
  'questionnaires/:slug/:encodedId': 'author',
  'assessmenteditor/:authorId/:collectionId/:assessmentId': 'author',
  'assessmenteditor/:authorId/:collectionId/:assessmentId/:questionId': 'author',
  'enterprise/assessmenteditor/:authorId/:collectionId/:assessmentId': 'author',
  'enterprise/assessmenteditor/:authorId/:collectionId/:assessmentId/:questionId': 'author',
  'projecteditor/:authorId/:collectionId/:projectId': 'author',
  'projecteditor/:authorId/:collectionId/:projectId/:componentId': 'author',
  'cloudlabeditor/:authorId/:collectionId/:labId': 'author',
  'cloudlabeditor/:authorId/:collectionId/:labId/:taskId': 'author',
  'admin/review-queue': 'admin',
  'admin/mailbox': 'admin',
};

const patternsOf = (account: Account) =>
  Object.entries(VISITED_AS)
    .filter(([, who]) => who === account)
    .map(([pattern]) => pattern);

/** Visits pages as one account and checks each; at the end every pattern of the account was seen. */
function sweep(page: Page, account: Account) {
  const seen = new Set<string>();
  const problems: string[] = [];
  return {
    /** Checks the page shown now (after an action, or `url` when given) as `pattern`. */
    async check(pattern: string, url?: string, ready?: () => Promise<void>) {
      expect(VISITED_AS[pattern], `${pattern} is visited as ${VISITED_AS[pattern]}`).toBe(account);
      if (url !== undefined) await page.goto(url);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('.page-loading')).toHaveCount(0);
      await expect(page.locator('h1').first()).toBeAttached();
      await ready?.();
      const headings = await page.locator('h1').count();
      if (headings !== 1) problems.push(`${pattern} (${page.url()}): ${headings} h1 elements`);
      for (const violation of await blockingViolations(page)) {
        problems.push(`${pattern} (${page.url()}): ${violation}`);
      }
      seen.add(pattern);
    },
    finish() {
      expect(problems).toEqual([]);
      expect([...seen].sort()).toEqual(patternsOf(account).sort());
    },
  };
}

/** The catalogue's first item of a kind, as a visitor can find it. */
async function featured(page: Page, query: string) {
  const found = await apiCall<FeaturedItemsResponse>(page, 'GET', `/api/reader/featured_items?${query}`);
  const item = found.items[0];
  if (!item) throw new Error(`nothing in the catalogue for ${query}`);
  return item;
}

test('every route of the router has a page in this sweep', () => {
  const routes = appRoutePatterns();
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.filter((pattern) => !(pattern in VISITED_AS))).toEqual([]);
  expect(Object.keys(VISITED_AS).filter((pattern) => !routes.includes(pattern))).toEqual([]);
});

test('public pages, logged out', async ({ page }) => {
  test.setTimeout(180_000);
  const pages = sweep(page, 'visitor');
  await pages.check('', '/');
  await pages.check('login', '/login');
  await pages.check('signup', '/signup');
  await pages.check('password-reset', '/password-reset');
  await pages.check('signup-and-reset-password/:token', '/signup-and-reset-password/an-unknown-token');
  await pages.check('explore', '/explore');
  await pages.check('explore/free', '/explore/free');
  await pages.check('explore/early-access', '/explore/early-access');
  await pages.check(
    'courses/:slug/:encodedId',
    (await featured(page, 'search_string=python&only_courses=true')).url,
  );
  await pages.check('paths/:slug/:encodedId', (await featured(page, 'search_string=full-stack')).url);
  await pages.check('*', '/no-such-page');
  pages.finish();
});

test('learner pages: reading, practice, assessments, projects and labs', async ({ page }) => {
  test.setTimeout(360_000);
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  const pages = sweep(page, 'learner');
  await pages.check('learn', '/learn');
  await pages.check('learn/:tab', '/learn/in-progress');

  const course = await featured(page, 'search_string=python&only_courses=true');
  const home = await apiCall<CourseHome>(
    page,
    'GET',
    `/api/reader/collection/${course.author_id}/${course.collection_id}`,
  );
  const lessons = home.toc.flatMap((category) => category.pages);
  const lesson = lessons.find((entry) => entry.title === 'Reading input') ?? lessons[0];
  if (!lesson) throw new Error('the Python course has no lessons');
  const ids = `${course.author_id}/${course.collection_id}`;
  await pages.check('collection/:authorId/:collectionId', `/collection/${ids}`);
  await pages.check(
    'collection/page/:authorId/:collectionId/:pageId',
    `/collection/page/${ids}/${lesson.page_id}`,
    () => expect(page.locator('.cm-content').first()).toBeVisible(),
  );
  await pages.check('module/page/:authorId/:collectionId/:pageId', `/module/page/${ids}/${lesson.page_id}`);
  const path = await featured(page, 'search_string=full-stack');
  await pages.check('path/:authorId/:collectionId', `/path/${path.author_id}/${path.collection_id}`);

  // Finishing a course (every lesson marked complete) issues the certificate its page shows.
  let certificateUrl = '';
  for (const entry of lessons) {
    const done = await apiCall<CompletionResponse>(
      page,
      'PUT',
      `/api/reader/collection/${ids}/page/${entry.page_id}/completion`,
      { completed: true },
    );
    if (done.certificate) certificateUrl = done.certificate.verify_url;
  }
  expect(certificateUrl).toMatch(/^\/certificate\//);
  await pages.check('certificates', '/certificates');
  await pages.check('certificate/:hash', certificateUrl);

  await pages.check('notes', '/notes');
  await pages.check('settings', '/settings');
  await pages.check('playground', '/playground');
  await pages.check('dev/widgets', '/dev/widgets');

  // An assessment taken to its result: a choice question, then answers as they come.
  const assessment = await featured(page, 'search_string=python%20skill');
  await pages.check('assessments/:slug/:encodedId', assessment.url);
  await page.getByRole('button', { name: 'Start assessment' }).click();
  await expect(page.getByText('Question 1 of 6')).toBeVisible();
  await pages.check('assessment/:authorId/:collectionId/:attemptId/:questionId');
  for (let number = 1; number <= 6; number += 1) {
    await expect(page.getByText(`Question ${number} of 6`)).toBeVisible({ timeout: 30_000 });
    const choice = page.locator('.assessment-options input').first();
    if (await choice.isVisible()) await choice.check();
    await page.getByRole('button', { name: 'Submit answer' }).click();
  }
  await expect(page).toHaveURL(/\/result$/, { timeout: 30_000 });
  await pages.check('assessment/:authorId/:collectionId/:attemptId/result');

  // A project with code tasks, begun guided, and a task page.
  const project = await featured(page, 'search_string=word%20frequency');
  await pages.check('projects/:slug/:encodedId', project.url);
  await openProjectTask(page, /Word Frequency Counter/);
  await pages.check('project/:authorId/:collectionId/:projectId/:componentId', undefined, () =>
    expect(page.locator('.cm-content').first()).toBeVisible(),
  );
  // And a terminal task: the learner's sandbox with a live shell.
  await openProjectTask(page, /Log Detective/);
  await pages.check('project/:authorId/:collectionId/:projectId/:componentId', undefined, () =>
    expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 }),
  );

  const lab = await featured(page, 'search_string=lab%20credentials');
  await pages.check('cloudlabs/:slug/:encodedId', lab.url);
  await pages.check(
    'cloudlab/:authorId/:collectionId/:labId/:taskId',
    await linkHref(page, /^\/cloudlab\/\d+/),
  );
  pages.finish();
});

test('the author studio, the page editor and a questionnaire', async ({ page }) => {
  test.setTimeout(300_000);
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  const pages = sweep(page, 'author');
  await pages.check('teach', '/teach');
  await pages.check('create', '/create');

  const courseEditor = await linkHref(page, /^\/collectioneditor\/\d+\/\d+$/);
  await pages.check('collectioneditor/:authorId/:collectionId', courseEditor);
  const lessonEditor = await linkHref(page, /^\/pageeditor\/\d+\/\d+\/\d+$/);
  const [, authorId, collectionId, pageId] = lessonEditor.match(/(\d+)\/(\d+)\/(\d+)$/) ?? [];
  await pages.check(
    'collection/:authorId/:collectionId/draft',
    `/collection/${authorId}/${collectionId}/draft`,
  );
  await pages.check(
    'collection/:authorId/:collectionId/versions',
    `/collection/${authorId}/${collectionId}/versions`,
  );
  await pages.check(
    'collection/page/:authorId/:collectionId/:pageId/draft',
    `/collection/page/${authorId}/${collectionId}/${pageId}/draft`,
  );
  await pages.check(
    'collection/page/:authorId/:collectionId/:pageId/versions',
    `/collection/page/${authorId}/${collectionId}/${pageId}/versions`,
  );
  await pages.check('pageeditor/:authorId/:collectionId/:pageId', lessonEditor, () =>
    expect(page.getByLabel('Lesson title')).toBeVisible(),
  );

  await page.goto('/teach');
  await pages.check('patheditor/:authorId/:collectionId', await linkHref(page, /^\/patheditor\/\d+\/\d+$/));
  await page.goto('/teach');
  const assessmentEditor = await linkHref(page, /^\/assessmenteditor\/\d+\/\d+\/\d+$/);
  await pages.check('assessmenteditor/:authorId/:collectionId/:assessmentId', assessmentEditor);
  const question = await linkHref(page, /^\/assessmenteditor\/\d+\/\d+\/\d+\/\d+$/);
  await pages.check('assessmenteditor/:authorId/:collectionId/:assessmentId/:questionId', question);
  await pages.check(
    'enterprise/assessmenteditor/:authorId/:collectionId/:assessmentId',
    `/enterprise${assessmentEditor}`,
  );
  await pages.check(
    'enterprise/assessmenteditor/:authorId/:collectionId/:assessmentId/:questionId',
    `/enterprise${question}`,
  );
  await page.goto('/teach');
  await pages.check(
    'projecteditor/:authorId/:collectionId/:projectId',
    await linkHref(page, /^\/projecteditor\/\d+\/\d+\/\d+$/),
  );
  await pages.check(
    'projecteditor/:authorId/:collectionId/:projectId/:componentId',
    await linkHref(page, /^\/projecteditor\/\d+\/\d+\/\d+\/\d+$/),
  );
  await page.goto('/teach');
  await pages.check(
    'cloudlabeditor/:authorId/:collectionId/:labId',
    await linkHref(page, /^\/cloudlabeditor\/\d+\/\d+\/\d+$/),
  );
  await pages.check(
    'cloudlabeditor/:authorId/:collectionId/:labId/:taskId',
    await linkHref(page, /^\/cloudlabeditor\/\d+\/\d+\/\d+\/\d+$/),
  );

  // A questionnaire of the author's own, seen on its learners' page.
  await page.goto('/teach');
  await page.getByLabel('Title').fill(`Sweep check ${Date.now()}`);
  await page.getByLabel('Kind').selectOption('questionnaire');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/assessmenteditor\/\d+\/\d+\/\d+\?assessment_type=questionnaire$/);
  await page.getByLabel('Skill').fill('Pace');
  await page.getByLabel('Question (Markdown)').fill('How was the pace?');
  await page.getByLabel('Option 1', { exact: true }).fill('Too slow');
  await page.getByLabel('Option 2', { exact: true }).fill('Just right');
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect(page.getByText('Question saved.')).toBeVisible();
  await pages.check('questionnaires/:slug/:encodedId', await linkHref(page, /^\/questionnaires\//));
  pages.finish();
});

test('the admin review queue and mailbox', async ({ page }) => {
  await logInAs(page, 'admin@coderoom.dev', DEMO_PASSWORD, '/admin/review-queue');
  const pages = sweep(page, 'admin');
  await pages.check('admin/review-queue');
  await pages.check('admin/mailbox', '/admin/mailbox');
  pages.finish();
});
