import { expect, type Page, test } from '@playwright/test';
import { signUpLearner } from './helpers';
import { shot } from './shot';

const PASSWORD = 'Assess!2026pass';

const signUp = (page: Page) => signUpLearner(page, 'Abe Assessed', 'assessed', PASSWORD);

test('take the Python skill assessment to a score and a skill level', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);

  await page.goto('/explore?type=assessments');
  const card = page.getByRole('link', { name: 'Python Skill Assessment' });
  await expect(card).toBeVisible();
  await shot(page, 'assessment-explore');
  await card.click();
  await expect(page).toHaveURL(/\/assessments\/[^/]+\/[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Python Skill Assessment' })).toBeVisible();
  await expect(page.getByText('Est. 3 mins (Approx. 6 Qs)')).toBeVisible();
  await shot(page, 'assessment-home');

  await page.getByRole('button', { name: 'Start assessment' }).click();
  for (let number = 1; number <= 6; number += 1) {
    await expect(page.getByText(`Question ${number} of 6`)).toBeVisible();
    if (number === 1) await shot(page, 'assessment-question');
    const choice = page.locator('.assessment-options input').first();
    if (await choice.isVisible()) {
      await choice.check();
    } else {
      // A code question: the starter code is submitted as it is and judged (wrong) by the runner.
      await expect(page.locator('.cm-content')).toBeVisible();
      if (number > 1) await shot(page, 'assessment-code-question');
    }
    await page.getByRole('button', { name: 'Submit answer' }).click();
    if (number < 6)
      await expect(page.getByText(`Question ${number + 1} of 6`)).toBeVisible({ timeout: 30_000 });
  }

  await expect(page).toHaveURL(/\/result$/, { timeout: 30_000 });
  const score = Number(await page.getByTestId('assessment-score').textContent());
  expect(score).toBeGreaterThanOrEqual(100);
  expect(score).toBeLessThanOrEqual(1000);
  await expect(page.getByTestId('assessment-level')).toHaveText(/^(Beginner|Proficient|Expert)$/);
  await expect(page.getByRole('heading', { name: 'By skill' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommended courses' })).toBeVisible();
  await shot(page, 'assessment-result');
});
