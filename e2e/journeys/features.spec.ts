import { expect, test } from './fixtures';
import { DEMO_PASSWORD, logInAs, logInInNewContext } from './helpers';
import { shot } from './shot';

test('an admin rolls the AI assistant back to staff; a learner no longer sees it, the admin still does', async ({
  page,
  browser,
}) => {
  await logInAs(page, 'admin@coderoom.dev', DEMO_PASSWORD, '/admin/features');
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
  const rollout = page.getByLabel('AI assistant');
  await expect(rollout).toHaveValue('all');
  try {
    await rollout.selectOption('internal');
    await expect(rollout).toHaveValue('internal');
    await expect(rollout).toBeEnabled();
    await shot(page, '97-admin-features');
    await page.reload();
    await expect(page.getByLabel('AI assistant')).toHaveValue('internal');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, '97-admin-features-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    const learner = await logInInNewContext(browser, 'learner@coderoom.dev', '/learn/home');
    await expect(learner.getByRole('button', { name: 'Search courses and answers' })).toBeVisible();
    await expect(learner.getByRole('button', { name: 'Ask AI or search courses' })).toHaveCount(0);
    await learner.context().close();

    await page.goto('/learn/home');
    await expect(page.getByRole('button', { name: 'Ask AI or search courses' })).toBeVisible();
  } finally {
    // Later journeys ask AI as learners: the rollout goes back to everyone whatever happened above.
    await page.goto('/admin/features');
    await page.getByLabel('AI assistant').selectOption('all');
    await expect(page.getByLabel('AI assistant')).toHaveValue('all');
    await expect(page.getByLabel('AI assistant')).toBeEnabled();
  }
});
