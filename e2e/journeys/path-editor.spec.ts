import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// The path editor (/patheditor): the demo author puts two published demo courses into a new path, orders
// them with the keyboard, saves, and finds the path on /teach and on its reader page. No sign-up: the
// seeded author is enough, which keeps the run under the per-IP sign-up limit.

const courseTitles = (page: Page) =>
  page.getByRole('list', { name: 'Courses in this path' }).locator('.studio-collection-title');

async function addCourse(page: Page, search: string, title: string) {
  await page.getByLabel('Search published courses').fill(search);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Add ${title}` }).click();
  await expect(page.getByRole('button', { name: `${title} is in the path` })).toBeDisabled();
}

test('an author composes a path from two courses, reorders them and finds it on /teach', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Typed Backends ${Date.now()}`;

  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Kind').selectOption('path');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Successfully Created Path')).toBeVisible();
  await expect(page).toHaveURL(/\/patheditor\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('No courses yet.')).toBeVisible();

  await addCourse(page, 'TypeScript', 'TypeScript Essentials');
  await addCourse(page, 'Go', 'Go by Building');
  await addCourse(page, 'Python', 'Python in Practice');
  await page.getByRole('button', { name: 'Remove Python in Practice' }).click();
  await expect(courseTitles(page)).toHaveText(['TypeScript Essentials', 'Go by Building']);
  await expect(page.getByRole('button', { name: 'Add Python in Practice' })).toBeEnabled();

  // Reorder with the keyboard only: Enter on "move up", then the editor's Alt+↓ / Alt+↑ shortcuts.
  await page.getByRole('button', { name: 'Move Go by Building up' }).focus();
  await page.keyboard.press('Enter');
  await expect(courseTitles(page)).toHaveText(['Go by Building', 'TypeScript Essentials']);
  await expect(page.getByRole('button', { name: 'Move Go by Building down' })).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(courseTitles(page)).toHaveText(['TypeScript Essentials', 'Go by Building']);
  await page.keyboard.press('Alt+ArrowUp');
  await expect(courseTitles(page)).toHaveText(['Go by Building', 'TypeScript Essentials']);

  await page.getByLabel('Summary').fill('A typed front end, then a fast back end.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, '80-path-editor');

  // What was saved comes back after a reload.
  await page.reload();
  await expect(courseTitles(page)).toHaveText(['Go by Building', 'TypeScript Essentials']);
  await expect(page.getByLabel('Summary')).toHaveValue('A typed front end, then a fast back end.');

  // Submitting publishes a version for the reviewers; its reader page lists the courses in order.
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Submitted for review.')).toBeVisible();
  await page.getByRole('link', { name: 'Path page' }).click();
  await expect(page).toHaveURL(/\/paths\/[^/]+\/[a-z0-9]+$/);
  const courses = page.getByRole('region', { name: 'Courses in this path' });
  // The path's own list: each course card inside it has a list of facts of its own.
  const pathCourses = courses.locator('ol.path-courses > li');
  await expect(pathCourses).toHaveCount(2);
  await expect(pathCourses.first()).toContainText('Go by Building');
  await expect(pathCourses.nth(1)).toContainText('TypeScript Essentials');
  await shot(page, '81-path-homepage');

  // /teach lists it first among the author's collections, and under Paths.
  await page.goto('/teach');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Path · 2 courses');
  await expect(row).toContainText('In review');
  await expect(row).toContainText('Owner');
  await page.getByRole('link', { name: 'Paths', exact: true }).click();
  await expect(page).toHaveURL(/\/teach\?tab=paths$/);
  await expect(page.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await shot(page, '82-teach-paths');
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/patheditor\/\d+\/\d+$/);
});
