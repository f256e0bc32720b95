import { blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { signUpLearner } from './helpers';
import { shot } from './shot';

// A project's milestones (docs/work.md): added on the project, picked on a task, kept while a task points at
// one ("This milestone is in use.", 4003), removed once none does.

async function axeClean(page: Page) {
  await expect(page.locator('.page-loading')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
}

test('a project plans with milestones that its tasks point at', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Mila Milestone', 'work-milestones', 'Str0ng!Pass');
  await page.goto('/work/projects');
  await page.getByLabel('New project title').fill('Autumn release');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Autumn release' })).toBeVisible();
  const projectUrl = page.url();

  const milestones = page.getByRole('region', { name: 'Milestones' });
  await expect(milestones.getByText('No milestones yet.')).toBeVisible();
  await milestones.getByLabel('New milestone').fill('Beta');
  await milestones.getByLabel('Due date').fill('2027-03-15');
  await milestones.getByRole('button', { name: 'Add milestone' }).click();
  await expect(milestones.getByRole('listitem')).toContainText('Beta · due Mar 15, 2027');
  await milestones.getByLabel('New milestone').fill('Launch');
  await milestones.getByRole('button', { name: 'Add milestone' }).click();
  await expect(milestones.getByRole('listitem').filter({ hasText: 'Launch' })).toContainText('no due date');

  await page.getByLabel('New task title').fill('Write the changelog');
  await page.getByRole('button', { name: 'Create task' }).click();
  await page.getByRole('link', { name: 'Write the changelog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Write the changelog' })).toBeVisible();
  await page.getByLabel('Milestone', { exact: true }).selectOption({ label: 'Beta' });
  await expect(page.getByLabel('Milestone', { exact: true })).toHaveValue(/\d+/);
  await axeClean(page);

  await page.goto(projectUrl);
  await milestones.getByRole('button', { name: 'Remove milestone Beta' }).click();
  await expect(milestones.getByRole('alert')).toHaveText('This milestone is in use.');
  await expect(milestones.getByRole('listitem')).toHaveCount(2);
  await milestones.getByRole('button', { name: 'Remove milestone Launch' }).click();
  await expect(milestones.getByRole('listitem')).toHaveCount(1);
  await axeClean(page);
  await shot(page, 'work-milestones-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('h1')).toHaveCount(1);
  await axeClean(page);
  await shot(page, 'work-milestones-390');

  // Once no task points at it, it can go.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Write the changelog' }).click();
  await page.getByLabel('Milestone', { exact: true }).selectOption({ label: 'None' });
  await expect(page.getByLabel('Milestone', { exact: true })).toHaveValue('');
  await page.goto(projectUrl);
  await milestones.getByRole('button', { name: 'Remove milestone Beta' }).click();
  await expect(milestones.getByText('No milestones yet.')).toBeVisible();
});
