import type {
  CompletionResponse,
  CourseHome,
  FeaturedItemsResponse,
  ProofreadQueue,
  ShotListResponse,
} from '@coderoom/contracts';
import { apiCall, appRoutePatterns, blockingViolations, linkHref, openProjectTask } from './a11y';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';

// axe-core on every page of the app, each as the account that uses it: zero serious or critical WCAG 2.2 AA
// violations, and exactly one h1. The list of pages is the router's: a route added to
// apps/web/src/app/routes.tsx without a visit here fails the first test.

type Account = 'visitor' | 'learner' | 'author' | 'admin' | 'work' | 'proofread' | 'organization';

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
  answers: 'visitor',
  'answers/:shotUrl': 'visitor',
  'courses/:slug/:encodedId': 'visitor',
  'paths/:slug/:encodedId': 'visitor',
  about: 'visitor',
  pricing: 'visitor',
  unlimited: 'visitor',
  terms: 'visitor',
  privacy: 'visitor',
  '*': 'visitor',
  // Marketing pages, the blog and the discovery pages (docs/marketing.md).
  'm/:url': 'visitor',
  blog: 'visitor',
  'blog/category/:slug': 'visitor',
  'blog/:url': 'visitor',
  track: 'visitor',
  categories: 'visitor',
  'learning-plans': 'visitor',
  'prepare-for-interview': 'visitor',
  'become-a-developer': 'visitor',
  'grow-my-skillset': 'visitor',
  'refer-a-friend': 'visitor',
  'github-students': 'visitor',
  'individual-learner': 'visitor',
  mycourses: 'learner',
  'editor-page': 'admin',
  'create/:kind/create-editor-page': 'admin',
  'editor-page/:id': 'admin',
  learn: 'learner',
  'learn/:tab': 'learner',
  'collection/:authorId/:collectionId': 'learner',
  'path/:authorId/:collectionId': 'learner',
  'collection/page/:authorId/:collectionId/:pageId': 'learner',
  'module/page/:authorId/:collectionId/:pageId': 'learner',
  certificates: 'learner',
  'checkout/:checkoutType': 'learner',
  'order-confirmation': 'learner',
  'order-confirmation/stripe': 'learner',
  'certificate/:hash': 'learner',
  notes: 'learner',
  notifications: 'learner',
  // A learner outside any organization: the management area says so (the organizations journey checks
  // these pages as an admin and a manager).
  'enterprise-dashboard': 'learner',
  'enterprise-dashboard/:section': 'learner',
  'onboarding/admin': 'learner',
  // Plans and mentoring, as the seeded organization's admin, mentor and member.
  onboarding: 'organization',
  'onboarding/plans': 'organization',
  'onboarding/plans/:planId': 'organization',
  'onboarding/assigned-plans': 'organization',
  'onboarding/assigned-plans/:assignmentId': 'organization',
  'onboarding/dashboard': 'organization',
  // The plan reader (docs/organizations.md "Plan reader"), as the member, the mentor and the admin.
  'plan/:authorId/:planId': 'organization',
  'plan/:authorId/:planId/preview': 'organization',
  'plan/:authorId/:planId/draft': 'organization',
  'plan/:authorId/:planId/mentee/:memberId': 'organization',
  'plan/:authorId/:planId/edit': 'organization',
  'plan/page/:authorId/:planId/:pageNumber': 'organization',
  'plan/page/:authorId/:planId/:pageNumber/template': 'organization',
  'plan/page/:authorId/:planId/:pageNumber/mentee/:memberId': 'organization',
  'dev/widgets': 'learner',
  settings: 'learner',
  'settings/billing': 'learner',
  'onboarding/:stage': 'learner',
  playground: 'learner',
  'assessments/:slug/:encodedId': 'learner',
  'assessment/:authorId/:collectionId/:attemptId/:questionId': 'learner',
  'assessment/:authorId/:collectionId/:attemptId/result': 'learner',
  'shared/assessment/:token': 'learner',
  'projects/:slug/:encodedId': 'learner',
  'project/:authorId/:collectionId/:projectId/:componentId': 'learner',
  'cloudlabs/:slug/:encodedId': 'learner',
  'cloudlab/:authorId/:collectionId/:labId/:taskId': 'learner',
  teach: 'author',
  'create-answer': 'author',
  'answereditor/:id': 'author',
  create: 'author',
  'collectioneditor/:authorId/:collectionId': 'author',
  'collectioneditor/:authorId/:collectionId/learner-help': 'author',
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
  // Proofreading (docs/proofreading.md), as the demo author whose answer waits for their review.
  proofread: 'proofread',
  'proofread/:authorId/:collectionId/document/:docId': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/incorporate': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/preview': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/pass/:selectedPass/preview': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/pass/:basePass/:selectedPass/preview': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/reviewIncorporations': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/:pageId': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/:pageId/incorporate': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/:pageId/preview': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/:pageId/pass/:selectedPass/preview': 'proofread',
  'proofread/:authorId/:collectionId/document/:docId/:pageId/pass/:basePass/:selectedPass/preview':
    'proofread',
  'proofread/:authorId/:collectionId/document/:docId/:pageId/reviewIncorporations': 'proofread',
  'admin/review-queue': 'admin',
  'admin/mailbox': 'admin',
  'admin/features': 'admin',
  // Growth (docs/growth.md): the revenue page, and an affiliate's sales as an administrator sees them.
  'admin/revenue': 'admin',
  'affiliate/:userId/sales': 'admin',
  // The admin refund screen and author payouts (docs/commerce.md).
  'admin/refunds': 'admin',
  'teach/payouts': 'author',
  // Who may proofread (docs/proofreading.md) and where a gift is redeemed (docs/commerce.md).
  'admin/proofreaders': 'admin',
  'redeem-gift': 'learner',
  work: 'work',
  'work/projects': 'work',
  'work/projects/private': 'work',
  'work/docs': 'work',
  'work/docs/private': 'work',
  'work/tasks': 'work',
  'work/trash': 'work',
  'work/reviews': 'work',
  'work/groups': 'work',
  'work/scheduled-reports': 'work',
  'work/onboarding': 'work',
  'work/project/:id': 'work',
  'work/docs/:id': 'work',
  'work/doc/:id': 'work',
  'work/task/:id': 'work',
  'work/group/:id': 'work',
  'work-product': 'work',
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
  for (const footerPage of ['about', 'pricing', 'terms', 'privacy', 'unlimited'])
    await pages.check(footerPage, `/${footerPage}`);
  await pages.check('answers', '/answers');
  const answers = await apiCall<ShotListResponse>(page, 'GET', '/api/edpresso/shots?search_string=python');
  if (!answers.items[0]) throw new Error('no demo answer about Python');
  await pages.check('answers/:shotUrl', `/answers/${answers.items[0].url}`, () =>
    expect(page.locator('.cm-content').first()).toBeVisible(),
  );
  await pages.check('*', '/no-such-page');
  await pages.check('m/:url', '/m/for-teams', async () => {
    await expect(page.locator('.mk-price-card').first()).toBeVisible();
  });
  await pages.check('blog', '/blog');
  await pages.check('blog/category/:slug', '/blog/category/engineering');
  await pages.check('blog/:url', '/blog/why-every-code-block-runs');
  for (const discovery of [
    'track',
    'categories',
    'learning-plans',
    'prepare-for-interview',
    'become-a-developer',
    'grow-my-skillset',
    'refer-a-friend',
    'github-students',
    'individual-learner',
  ]) {
    await pages.check(discovery, `/${discovery}`, async () => {
      await expect(page.locator('[role="status"]', { hasText: /^Loading/ })).toHaveCount(0);
    });
  }
  pages.finish();
});

test('learner pages: reading, practice, assessments, projects and labs', async ({ page }) => {
  test.setTimeout(360_000);
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  const pages = sweep(page, 'learner');
  await pages.check('learn', '/learn');
  await pages.check('learn/:tab', '/learn/in-progress');
  await pages.check('mycourses', '/mycourses');
  await pages.check('redeem-gift', '/redeem-gift', async () => {
    await expect(page.getByRole('heading', { name: 'Redeem your gift' })).toBeVisible();
  });

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
  await pages.check('notifications', '/notifications');
  await pages.check('enterprise-dashboard', '/enterprise-dashboard');
  await pages.check('enterprise-dashboard/:section', '/enterprise-dashboard/user-management');
  // The admin landing opens user management.
  await pages.check('onboarding/admin', '/onboarding/admin', async () => {
    await expect(page).toHaveURL(/\/enterprise-dashboard\/user-management$/);
  });
  // The demo learner keeps no plan: the checkout form is checked unpaid, receipts as unknown orders.
  await pages.check('checkout/:checkoutType', '/checkout/subscription_buy?plan=300-12-6000', () =>
    expect(page.getByLabel('Card number')).toBeVisible(),
  );
  // The site coupon's purchase (docs/commerce.md "Coupons"): the coupon applied in the order summary.
  await pages.check(
    'checkout/:checkoutType',
    '/checkout/coupon_purchase?plan=300-12-6000&action_id=ANNUAL20',
    () => expect(page.getByText('Coupon ANNUAL20 applied')).toBeVisible(),
  );
  await pages.check('order-confirmation', '/order-confirmation?payment=pay_unknown');
  await pages.check('order-confirmation/stripe', '/order-confirmation/stripe?payment=pay_unknown');
  await pages.check('settings', '/settings');
  // The demo learner has no plan: the billing page's empty states.
  await pages.check('settings/billing', '/settings/billing', () =>
    expect(page.getByText('You have no subscription.')).toBeVisible(),
  );
  await pages.check('onboarding/:stage', '/onboarding/goal');
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
  // Its score shared: the public page anyone with the link sees.
  await page.getByRole('button', { name: 'Create a share link' }).click();
  const shared = new URL(await page.getByLabel('Link to your score').inputValue()).pathname;
  await pages.check('shared/assessment/:token', shared, () =>
    expect(page.getByTestId('shared-score')).toBeVisible(),
  );

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

/**
 * The first link like `pattern` in the author's list on /teach, paging on as an author would: the list shows
 * ten a page, newest first, so what the seed made first may sit on a later page.
 */
async function linkOnTeach(page: Page, tab: 'all' | 'courses' | 'paths', pattern: RegExp): Promise<string> {
  for (let pageNumber = 1; pageNumber <= 5; pageNumber += 1) {
    const query = new URLSearchParams();
    if (tab !== 'all') query.set('tab', tab);
    if (pageNumber > 1) query.set('page', String(pageNumber));
    await page.goto(`/teach?${query}`);
    await expect(page.locator('.studio-collection-list, .studio-empty-list')).toBeVisible();
    const found = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const href = found.find((candidate) => pattern.test(candidate));
    if (href) return href;
  }
  throw new Error(`no link like ${pattern} on the first five pages of /teach (${tab})`);
}

test('the author studio, the page editor and a questionnaire', async ({ page }) => {
  test.setTimeout(300_000);
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  const pages = sweep(page, 'author');
  await pages.check('teach', '/teach');
  await pages.check('teach/payouts', '/teach/payouts', async () => {
    await expect(page.getByRole('heading', { name: 'Monthly statements' })).toBeVisible();
  });
  await pages.check('create', '/create');
  await pages.check('create-answer', '/create-answer');
  const mine = await apiCall<{ items: Array<{ shotId: number }> }>(page, 'GET', '/api/edpresso/my-shots');
  if (!mine.items[0]) throw new Error('the demo author has no answers');
  await pages.check('answereditor/:id', `/answereditor/${mine.items[0].shotId}`);

  const courseEditor = await linkOnTeach(page, 'courses', /^\/collectioneditor\/\d+\/\d+$/);
  await pages.check('collectioneditor/:authorId/:collectionId', courseEditor);
  const lessonEditor = await linkHref(page, /^\/pageeditor\/\d+\/\d+\/\d+$/);
  await pages.check('collectioneditor/:authorId/:collectionId/learner-help', `${courseEditor}/learner-help`);
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

  await pages.check(
    'patheditor/:authorId/:collectionId',
    await linkOnTeach(page, 'paths', /^\/patheditor\/\d+\/\d+$/),
  );
  const assessmentEditor = await linkOnTeach(page, 'all', /^\/assessmenteditor\/\d+\/\d+\/\d+$/);
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
  // Answers and courses list before projects and labs on /teach: they may be on a later page.
  await pages.check(
    'projecteditor/:authorId/:collectionId/:projectId',
    await linkOnTeach(page, 'all', /^\/projecteditor\/\d+\/\d+\/\d+$/),
  );
  await pages.check(
    'projecteditor/:authorId/:collectionId/:projectId/:componentId',
    await linkHref(page, /^\/projecteditor\/\d+\/\d+\/\d+\/\d+$/),
  );
  await pages.check(
    'cloudlabeditor/:authorId/:collectionId/:labId',
    await linkOnTeach(page, 'all', /^\/cloudlabeditor\/\d+\/\d+\/\d+$/),
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

test('proofreading: the list, the article and every suffix of its route', async ({ page }) => {
  test.setTimeout(180_000);
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/proofread');
  const pages = sweep(page, 'proofread');
  await pages.check('proofread');
  const queue = await apiCall<ProofreadQueue>(page, 'GET', '/api/proofread/articles');
  const demo = queue.items.find((item) => item.title === 'When should I use dict.get in Python?');
  if (!demo) throw new Error('the demo answer in proofreading is missing');
  const doc = `/proofread/${demo.author_id}/${demo.collection_id}/document/${demo.doc_id}`;
  const pattern = 'proofread/:authorId/:collectionId/document/:docId';
  for (const [pageSuffix, prefix] of [
    ['', doc],
    ['/:pageId', `${doc}/${demo.page_id}`],
  ] as const) {
    await pages.check(`${pattern}${pageSuffix}`, prefix, () =>
      expect(page.getByRole('heading', { name: /State: Awaiting author review/ })).toBeVisible(),
    );
    await pages.check(`${pattern}${pageSuffix}/incorporate`, `${prefix}/incorporate`, () =>
      expect(page.getByRole('group', { name: 'Suggestion 1 (pass 1)' })).toBeVisible(),
    );
    await pages.check(`${pattern}${pageSuffix}/preview`, `${prefix}/preview`);
    await pages.check(`${pattern}${pageSuffix}/pass/:selectedPass/preview`, `${prefix}/pass/1/preview`, () =>
      expect(page.locator('.proofread-diff ins').first()).toBeVisible(),
    );
    await pages.check(
      `${pattern}${pageSuffix}/pass/:basePass/:selectedPass/preview`,
      `${prefix}/pass/1/1/preview`,
    );
    await pages.check(`${pattern}${pageSuffix}/reviewIncorporations`, `${prefix}/reviewIncorporations`);
  }
  pages.finish();
});

test('the admin review queue and mailbox', async ({ page }) => {
  await logInAs(page, 'admin@coderoom.dev', DEMO_PASSWORD, '/admin/review-queue');
  const pages = sweep(page, 'admin');
  await pages.check('admin/review-queue');
  await pages.check('admin/mailbox', '/admin/mailbox');
  await pages.check('admin/features', '/admin/features', async () => {
    await expect(page.getByLabel('AI assistant')).toHaveValue('all');
  });
  await pages.check('admin/revenue', '/admin/revenue', async () => {
    await expect(page.getByText('Monthly recurring revenue')).toBeVisible();
  });
  await pages.check('admin/refunds', '/admin/refunds?q=subscriber%40coderoom.dev', async () => {
    await expect(page.getByRole('region', { name: 'Payments' }).or(page.getByRole('status'))).toBeVisible();
  });
  await pages.check('admin/proofreaders', '/admin/proofreaders', async () => {
    await expect(page.getByRole('heading', { name: 'Current proofreaders' })).toBeVisible();
  });
  // An administrator may read any affiliate's sales; user 1 is none, so the page says so (growth.spec.ts
  // shows the demo affiliate's filled page).
  await pages.check('affiliate/:userId/sales', '/affiliate/1/sales', async () => {
    await expect(page.getByRole('alert')).toBeVisible();
  });
  await pages.check('editor-page', '/editor-page');
  await pages.check('create/:kind/create-editor-page', '/create/blog/create-editor-page');
  await pages.check('editor-page/:id', '/editor-page/1000001', async () => {
    await expect(page.getByRole('heading', { name: /Hero feature/ })).toBeVisible();
  });
  pages.finish();
});

test('the work area of the demo workspace "Course launch"', async ({ page }) => {
  test.setTimeout(180_000);
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/work');
  const pages = sweep(page, 'work');
  await pages.check('work');
  for (const path of [
    'work/projects',
    'work/projects/private',
    'work/docs',
    'work/docs/private',
    'work/tasks',
    'work/trash',
    'work/reviews',
    'work/groups',
    'work/scheduled-reports',
    'work/onboarding',
    'work-product',
  ]) {
    await pages.check(path, `/${path}`);
  }
  type Items = { items: Array<{ id: number; title: string }> };
  const first = async (kind: string) => {
    const found = await apiCall<Items>(page, 'GET', `/api/workflows/items?kind=${kind}`);
    const item = found.items[0];
    if (!item) throw new Error(`no ${kind} in the demo workspace`);
    return item.id;
  };
  await pages.check('work/project/:id', `/work/project/${await first('project')}`);
  const documentId = await first('document');
  await pages.check('work/docs/:id', `/work/docs/${documentId}`);
  await pages.check('work/doc/:id', `/work/doc/${documentId}`);
  await pages.check('work/task/:id', `/work/task/${await first('task')}`);
  await pages.check('work/group/:id', `/work/group/${await first('group')}`);
  pages.finish();
});

test('organization onboarding pages: plans, the plan page, the mentor dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const pages = sweep(page, 'organization');
  const as = async (email: string) => {
    await page.context().clearCookies();
    await logInAs(page, email, DEMO_PASSWORD, '/learn/home');
  };
  await as('orgadmin@coderoom.dev');
  // The admin's landing is the admin dashboard (user management).
  await pages.check('onboarding', '/onboarding', async () => {
    await expect(page).toHaveURL(/\/enterprise-dashboard\/user-management$/);
  });
  await pages.check('onboarding/plans', '/onboarding/plans');
  await page.getByRole('link', { name: 'Acme onboarding: your first two weeks' }).click();
  await pages.check('onboarding/plans/:planId', undefined, () =>
    expect(page.getByRole('heading', { level: 2, name: 'Assign this plan' })).toBeVisible(),
  );
  // The plan reader's authors' preview, from the editor.
  await page.getByRole('link', { name: 'Preview in the plan reader' }).click();
  await pages.check('plan/:authorId/:planId/preview', undefined, () =>
    expect(page.getByRole('link', { name: 'Read the first page' })).toBeVisible(),
  );
  const preview = new URL(page.url()).pathname.replace(/\/preview$/, '');
  await pages.check('plan/:authorId/:planId/draft', `${preview}/draft`);
  await page.getByRole('link', { name: 'Read the first page' }).click();
  await pages.check('plan/page/:authorId/:planId/:pageNumber/template', undefined, () =>
    expect(page.getByText('Template preview').or(page.getByText('Preview', { exact: true }))).toBeVisible(),
  );
  await pages.check('plan/:authorId/:planId/edit', `${preview}/edit`, async () => {
    await expect(page).toHaveURL(/\/onboarding\/plans\/\d+$/);
  });
  await as('manager@coderoom.dev');
  await pages.check('onboarding/dashboard', '/onboarding/dashboard', () =>
    expect(page.getByRole('heading', { level: 2, name: 'Mia Member' })).toBeVisible(),
  );
  await page.getByRole('link', { name: 'Acme onboarding: your first two weeks' }).click();
  await pages.check('plan/:authorId/:planId/mentee/:memberId', undefined, () =>
    expect(page.getByText(/Reading as member@coderoom\.dev/)).toBeVisible(),
  );
  await page
    .getByRole('link', { name: 'Start the plan' })
    .or(page.getByRole('link', { name: /^Continue:/ }))
    .click();
  await pages.check('plan/page/:authorId/:planId/:pageNumber/mentee/:memberId', undefined, () =>
    expect(page.getByRole('heading', { level: 2, name: 'Courses and paths on this page' })).toBeVisible(),
  );
  await as('member@coderoom.dev');
  await pages.check('onboarding/assigned-plans', '/onboarding/assigned-plans');
  await page.getByRole('link', { name: 'Acme onboarding: your first two weeks' }).click();
  await pages.check('onboarding/assigned-plans/:assignmentId', undefined, () =>
    expect(page.getByRole('heading', { level: 2, name: 'Mentor feedback' })).toBeVisible(),
  );
  await page.getByRole('link', { name: 'Read the plan page by page' }).click();
  await pages.check('plan/:authorId/:planId', undefined, () =>
    expect(page.getByRole('heading', { level: 2, name: 'Pages' })).toBeVisible(),
  );
  await page.getByRole('link', { name: 'Week 1: Python at Acme' }).first().click();
  await pages.check('plan/page/:authorId/:planId/:pageNumber', undefined, () =>
    expect(page.getByRole('heading', { level: 1, name: 'Week 1: Python at Acme' })).toBeVisible(),
  );
  pages.finish();
});
