import { blockingViolations } from './a11y';
import { expect, type Locator, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs, logInInNewContext, signUpLearner } from './helpers';
import { shot } from './shot';

// The work area end to end (docs/work.md): onboarding, a project, a document and a task, assigning and
// commenting, moving the card across the board by keyboard, a review request and the reviewer's sign-off.

async function expectAxeClean(page: Page) {
  await expect(page.locator('.page-loading')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
}

/** The editor's text without the other editors' cursors and name tags (y-codemirror.next widgets). */
function documentText(editor: Locator): Promise<string> {
  return editor.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const widget of Array.from(copy.querySelectorAll('.cm-ySelectionCaret, .cm-ySelectionInfo'))) {
      widget.remove();
    }
    return (copy.textContent ?? '').replace(/\u2060/g, '');
  });
}

async function shots(page: Page, name: string) {
  await shot(page, `work-${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('h1')).toHaveCount(1);
  await shot(page, `work-${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a team member plans, writes, assigns, moves a card by keyboard and gets a sign-off', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Wendy Worker', 'work', 'Str0ng!Pass');

  await page.goto('/work/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Get started with Work' })).toBeVisible();
  await expectAxeClean(page);
  for (const step of ['Next step', 'Next step', 'Next step']) {
    await page.getByRole('button', { name: step }).click();
  }
  await expect(page.getByText('See it in action')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/work$/);

  await page.goto('/work/projects');
  await page.getByLabel('New project title').fill('Spring cohort');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Spring cohort' })).toBeVisible();

  await page.goto('/work/docs');
  await page.getByLabel('New document title').fill('Cohort syllabus');
  await page.getByRole('button', { name: 'Create document' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cohort syllabus' })).toBeVisible();
  const text = page.getByLabel('Document text');
  await text.click();
  await page.keyboard.type('Week 1: setup.');
  await expect(page.getByTestId('work-doc-status')).toHaveText('Live · all changes saved');
  const documentUrl = page.url();
  await page.getByLabel('Reviewers (e-mails, comma separated)').fill('reviewer@coderoom.dev');
  await page.getByRole('button', { name: 'Request review' }).click();
  await expect(page.getByText('Review requested.')).toBeVisible();
  await expectAxeClean(page);
  await shots(page, 'document');

  // Two browsers on one document: the reviewer gets edit rights and both type.
  await page.getByLabel('Share with (e-mail)').fill('reviewer@coderoom.dev');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Rey Reviewer (reviewer@coderoom.dev) — edit')).toBeVisible();
  const coEditor = await logInInNewContext(browser, 'reviewer@coderoom.dev', '/work/docs');
  await coEditor.goto(documentUrl);
  const theirText = coEditor.getByLabel('Document text');
  await expect.poll(() => documentText(theirText)).toBe('Week 1: setup.');
  await theirText.click();
  await coEditor.keyboard.press('End');
  await coEditor.keyboard.type(' Week 2: projects.');
  await expect.poll(() => documentText(text)).toBe('Week 1: setup. Week 2: projects.');
  // Both type at once at opposite ends. (Edits made offline merging on return: work-documents.spec.ts.)
  await coEditor.keyboard.type(' Week 3: demo.');
  await text.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Syllabus. ');
  await expect
    .poll(() => documentText(text))
    .toBe('Syllabus. Week 1: setup. Week 2: projects. Week 3: demo.');
  await expect
    .poll(() => documentText(theirText))
    .toBe('Syllabus. Week 1: setup. Week 2: projects. Week 3: demo.');
  await coEditor.close();

  await page.goto('/work/tasks');
  await page.getByLabel('New task title').fill('Book the kickoff room');
  await page.getByRole('button', { name: 'Create task' }).click();
  const card = page.getByRole('listitem', { name: /Book the kickoff room/ });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'Book the kickoff room' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Book the kickoff room' })).toBeVisible();
  await page.getByLabel('Share with (e-mail)').fill('reviewer@coderoom.dev');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Rey Reviewer (reviewer@coderoom.dev) — edit')).toBeVisible();
  // The box follows the saved task, so it is clicked and then awaited checked.
  await page.getByRole('checkbox', { name: 'Rey Reviewer' }).click();
  await expect(page.getByRole('checkbox', { name: 'Rey Reviewer' })).toBeChecked();
  await page.getByLabel('New comment').fill('Room 3 is free on Monday.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByRole('article', { name: 'Comment by Wendy Worker' })).toContainText(
    'Room 3 is free on Monday.',
  );
  await expectAxeClean(page);
  await shots(page, 'task');

  // Across the board by keyboard: focus the card, arrow right twice.
  await page.goto('/work/tasks');
  const notStarted = page.getByRole('region', { name: /Not Started/ });
  await expect(notStarted.getByRole('listitem', { name: /Book the kickoff room/ })).toBeVisible();
  await notStarted.getByRole('listitem', { name: /Book the kickoff room/ }).focus();
  await page.keyboard.press('ArrowRight');
  const inProgress = page.getByRole('region', { name: /In Progress/ });
  await expect(inProgress.getByRole('listitem', { name: /Book the kickoff room/ })).toBeVisible();
  await expect(inProgress.getByRole('listitem', { name: /Book the kickoff room/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByRole('region', { name: /In Review/ }).getByRole('listitem', { name: /Book the kickoff room/ }),
  ).toBeVisible();
  await expectAxeClean(page);
  await shots(page, 'board');

  const reviewer = await logInInNewContext(browser, 'reviewer@coderoom.dev', '/work/reviews');
  const review = reviewer.getByRole('listitem').filter({ hasText: 'Review: Cohort syllabus' });
  await review.getByRole('button', { name: 'Sign off' }).click();
  await expect(review.getByText('Rey Reviewer: Signed off')).toBeVisible();
  await reviewer.close();

  await page.goto('/work/reviews?tab=follow_ups');
  await expect(page.getByText('Nobody owes you a review.')).toBeVisible();
  await page.goto('/work');
  await expect(page.getByRole('heading', { level: 2, name: 'Activity' })).toBeVisible();
  await expectAxeClean(page);
  await shots(page, 'home-new');
});

test('every work screen renders the demo workspace', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/work');
  await expect(page.getByRole('heading', { level: 1, name: 'Course launch' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My tasks due soon' })).toContainText(
    'Design the course thumbnail',
  );
  await shots(page, 'home');
  await page.goto('/work/projects');
  await expect(page.getByRole('link', { name: 'Launch the Rust course' })).toBeVisible();
  await shots(page, 'projects');
  await page.goto('/work/tasks');
  for (const column of ['Not Started', 'In Progress', 'In Review', 'Done']) {
    await expect(
      page
        .getByRole('region', { name: new RegExp(column) })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
  }
  await shots(page, 'tasks');
  await page.getByRole('link', { name: 'Set up the landing page' }).click();
  await expect(page.getByText('Let us reuse the layout of the Go course page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write the headline' })).toBeVisible();
  await page.goto('/work/reviews?tab=follow_ups');
  await expect(page.getByRole('heading', { name: 'Review: Course outline' })).toBeVisible();
  await page.goto('/work/scheduled-reports');
  // The demo report, listed with its actions (their names carry its title too).
  await expect(page.locator('.work-row-title', { hasText: 'Weekly launch status' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Weekly launch status' })).toBeVisible();
  await shots(page, 'reports');
  await page.goto('/work/groups');
  await expect(page.getByRole('link', { name: 'Course team' })).toBeVisible();
  await page.goto('/work-product');
  await expect(page.locator('.work-product')).toHaveCSS('background-color', 'rgb(247, 248, 251)');
  await shots(page, 'product');
});

test('a scheduled report is made, edited (rule, date, people) and deleted with undo', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Rita Reports', 'reports', DEMO_PASSWORD);
  await page.goto('/work/scheduled-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled reports' })).toBeVisible();
  await expect(page.getByText('No scheduled reports yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Schedule report' }).click();
  const form = page.getByRole('region', { name: 'New report' });
  await form.getByLabel('Report title').fill('Sprint notes');
  await form.getByLabel('Description').fill('What shipped and what slipped.');
  await form.getByLabel('Unit').selectOption('weeks');
  await form.getByLabel('On', { exact: true }).selectOption('Friday');
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('First report on').fill(nextWeek);
  await form.getByRole('button', { name: 'Schedule report' }).click();
  const row = page.getByRole('list', { name: 'Scheduled reports' }).getByRole('listitem').filter({
    hasText: 'Sprint notes',
  });
  await expect(row).toContainText('Every week on Friday');
  await expect(row).toContainText('What shipped and what slipped.');

  // Edit: share it with the reviewer, make them its reviewer, and move it to monthly on the 15th.
  await row.getByRole('button', { name: 'Edit Sprint notes' }).click();
  await row.getByLabel('Share with (e-mail)').fill('reviewer@coderoom.dev');
  await row.getByRole('button', { name: 'Share' }).click();
  const reviewers = row.getByRole('group', { name: 'Reviewers' });
  await expect(reviewers.getByRole('checkbox', { name: 'Rey Reviewer' })).toBeVisible();
  await reviewers.getByRole('checkbox', { name: 'Rey Reviewer' }).check();
  await row.getByLabel('Unit').selectOption('months');
  await row.getByLabel('On day').fill('15');
  await expect(page.locator('.page-loading')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
  await shots(page, 'report-edit');
  await row.getByRole('button', { name: 'Save report' }).click();
  await expect(row).toContainText('Every month on day 15');
  await expect(row).toContainText('reviewed by Rey Reviewer');
  await expect(row.getByRole('button', { name: 'Save report' })).toHaveCount(0);

  // A past date is refused with the server's message and nothing is lost.
  await row.getByRole('button', { name: 'Edit Sprint notes' }).click();
  await row.getByLabel('Next report on').fill('2020-01-01');
  await row.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText(/must be in the future/)).toBeVisible();
  await row.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(row).toContainText('Every month on day 15');

  // Delete, then undo.
  await row.getByRole('button', { name: 'Delete Sprint notes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Moved “Sprint notes” to the trash.' }),
  ).toBeVisible();
  await expect(page.getByText('No scheduled reports yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row).toContainText('Every month on day 15');
});
