import { apiCall, blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs, signUpLearner } from './helpers';
import { shot } from './shot';

// Issue 18's screens as a whole (docs/work.md "Issue 18 checklist"): every /work screen with the demo
// workspace at 1280 and 390 px (nothing wider than the phone, axe-clean), the workflow sidebar widths,
// /work-product always light, the plan limit's message with its way to upgrade, and undo after a delete
// from the reviews list.

async function settled(page: Page) {
  await expect(page.locator('.page-loading')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
}

/** The page is no wider than the window: nothing sticks out sideways on a phone. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [part, from, to] of [
  ['lists', 0, 10],
  ['items and the product page', 10, 20],
] as const)
  test(`every work screen of the demo workspace holds at 1280 and 390 px, axe-clean: ${part}`, async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/work');
    type Items = { items: Array<{ id: number; title: string }> };
    const first = async (kind: string, title?: string) => {
      const found = await apiCall<Items>(page, 'GET', `/api/workflows/items?kind=${kind}`);
      const item = title ? found.items.find((entry) => entry.title === title) : found.items[0];
      if (!item) throw new Error(`no ${kind} in the demo workspace`);
      return item.id;
    };
    const screens: Array<[string, string]> = [
      ['home', '/work'],
      ['projects', '/work/projects'],
      ['projects-starred', '/work/projects?tab=starred'],
      ['projects-private', '/work/projects/private'],
      ['docs', '/work/docs'],
      ['docs-private', '/work/docs/private'],
      ['reviews', '/work/reviews'],
      ['reviews-follow-ups', '/work/reviews?tab=follow_ups'],
      ['tasks', '/work/tasks'],
      ['tasks-follow-ups', '/work/tasks?tab=follow_ups'],
      ['trash', '/work/trash'],
      ['groups', '/work/groups'],
      ['scheduled-reports', '/work/scheduled-reports'],
      ['onboarding', '/work/onboarding'],
      ['project', `/work/project/${await first('project')}`],
      ['docs-item', `/work/docs/${await first('document', 'Course outline')}`],
      ['doc-item', `/work/doc/${await first('document', 'Marketing plan')}`],
      ['task', `/work/task/${await first('task', 'Set up the landing page')}`],
      ['group', `/work/group/${await first('group')}`],
      ['product', '/work-product'],
    ];
    for (const [name, path] of screens.slice(from, to)) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await settled(page);
      expect(await blockingViolations(page), `${path} at 1280 px`).toEqual([]);
      await shot(page, `work-screen-${name}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await settled(page);
      await expectNoSideways(page);
      expect(await blockingViolations(page), `${path} at 390 px`).toEqual([]);
      await shot(page, `work-screen-${name}-390`);
    }
  });

test('the workflow sidebar is 318 px wide on a wide screen and 264 px on a narrower one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/work/projects');
  const sidebar = page.getByRole('navigation', { name: 'Work' });
  await expect(sidebar).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBe(318);
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(264);
});

test('/work-product is light even when the visitor’s system is dark, and the theme comes back after', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/pricing');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/work-product');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The whole page, the shell's bar included, takes the light tokens (they swap on <html>).
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).not.toContain(
    'dark',
  );
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, 'work-product-dark-system');
  await page.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the free plan’s project limit says so and shows the way to upgrade', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Lena Limits', 'work-limits', 'Str0ng!Pass');
  for (const title of ['One', 'Two', 'Three'])
    await apiCall(page, 'POST', '/api/workflows/items', { kind: 'project', title });
  await page.goto('/work/projects');
  await page.getByLabel('New project title').fill('Four');
  await page.getByRole('button', { name: 'Create project' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText(
    'The free plan includes 3 projects. Delete one or upgrade your plan to create more.',
  );
  await expect(refusal.getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, 'work-freemium-projects');
});

test('a review is deleted from the reviews list and comes back with undo', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Una Undo', 'work-undo', 'Str0ng!Pass');
  const created = await apiCall<{ item: { id: number } }>(page, 'POST', '/api/workflows/items', {
    kind: 'document',
    title: 'Release notes',
  });
  await apiCall(page, 'POST', '/api/workflows/reviews', {
    document_id: created.item.id,
    reviewer_emails: ['reviewer@coderoom.dev'],
  });
  await page.goto('/work/reviews');
  const review = page.getByRole('listitem').filter({ hasText: 'Review: Release notes' });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Delete Review: Release notes' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Moved “Review: Release notes” to the trash.' }),
  ).toBeVisible();
  await expect(review).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(review).toBeVisible();
  await page.goto('/work/trash');
  await expect(page.getByText('Review: Release notes')).toHaveCount(0);
});

test('from a list: create, open, star, rename, move, delete with undo, restore and delete forever', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Liam Lists', 'work-lists', 'Str0ng!Pass');
  const folder = await apiCall<{ item: { id: number } }>(page, 'POST', '/api/workflows/items', {
    kind: 'folder',
    title: 'Briefs',
  });
  await page.goto('/work/docs');
  await page.getByLabel('New document title').fill('Draft brief');
  await page.getByRole('button', { name: 'Create document' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Draft brief' })).toBeVisible();
  await page.goto('/work/docs');
  const list = page.getByRole('list', { name: 'Documents' });
  const row = (title: string) => list.getByRole('listitem').filter({ hasText: title });

  await row('Draft brief').getByRole('button', { name: 'Star Draft brief' }).click();
  await expect(row('Draft brief').getByRole('button', { name: /Star.* Draft brief/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await row('Draft brief').getByRole('button', { name: 'Rename Draft brief' }).click();
  await page.getByLabel('New name for Draft brief').fill('Final brief');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(row('Final brief')).toBeVisible();

  await row('Final brief').getByRole('button', { name: 'Move Final brief' }).click();
  await page.getByLabel('Move Final brief to').selectOption({ label: 'Briefs' });
  await row('Final brief').getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByLabel('Move Final brief to')).toHaveCount(0);
  type Detail = { item: { id: number; parent_id: number | null } };
  const id = Number((await row('Final brief').getAttribute('data-testid'))?.replace('work-item-', ''));
  const moved = await apiCall<Detail>(page, 'GET', `/api/workflows/items/${id}`);
  expect(moved.item.parent_id).toBe(folder.item.id);

  await row('Final brief').getByRole('button', { name: 'Delete Final brief' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Moved “Final brief” to the trash.' }),
  ).toBeVisible();
  await expect(row('Final brief')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(row('Final brief')).toBeVisible();

  await row('Final brief').getByRole('button', { name: 'Delete Final brief' }).click();
  await page.goto('/work/trash');
  const trash = page.getByRole('list', { name: 'Deleted items' });
  await trash.getByRole('button', { name: 'Restore Final brief' }).click();
  await expect(trash.getByText('Final brief')).toHaveCount(0);
  await page.goto('/work/docs');
  await row('Final brief').getByRole('button', { name: 'Delete Final brief' }).click();
  await page.goto('/work/trash');
  await page
    .getByRole('list', { name: 'Deleted items' })
    .getByRole('button', { name: 'Delete forever Final brief' })
    .click();
  await expect(page.getByText('Final brief')).toHaveCount(0);
  const gone = await page.request.get(`/api/workflows/items/${id}`);
  expect(gone.status()).toBe(404);
});
