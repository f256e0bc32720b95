import { expect, type Page, test } from './fixtures';
import { signUpLearner } from './helpers';
import { shot } from './shot';

const PASSWORD = 'Assess!2026pass';

const signUp = (page: Page) => signUpLearner(page, 'Abe Assessed', 'assessed', PASSWORD);

test('take the Python skill assessment to a score, review it, share it and retake it', async ({
  page,
  browser,
}) => {
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

  // Review: every question with the learner's answer, the right one and why.
  await page.getByRole('link', { name: 'Review your answers' }).click();
  const reviewed = page.locator('.review-question');
  await expect(reviewed).toHaveCount(6);
  await expect(reviewed.first().getByRole('heading', { name: 'Question 1 of 6' })).toBeVisible();
  await expect(
    reviewed
      .first()
      .getByText(/Right answer|A solution that passes/)
      .first(),
  ).toBeVisible();
  // Every multiple-choice question of the demo explains itself, and at most three of the six are code
  // questions (which show a passing solution instead): some explanation is always there.
  await expect(page.locator('.review-explanation').first()).toBeVisible();

  // Share: a public page with the name and score, no answers; taken down again by its owner.
  await page.getByRole('button', { name: 'Create a share link' }).click();
  const link = page.getByLabel('Link to your score');
  await expect(link).toHaveValue(/\/shared\/assessment\/[\w-]+$/);
  const sharedUrl = await link.inputValue();
  await shot(page, 'assessment-result-shared');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'assessment-result-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(sharedUrl);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Abe Assessed · Python Skill Assessment' }),
  ).toBeVisible();
  await expect(visitor.getByTestId('shared-score')).toHaveText(String(score));
  await expect(visitor.locator('.review-question')).toHaveCount(0);
  await shot(visitor, 'assessment-shared');
  await visitor.setViewportSize({ width: 390, height: 844 });
  await shot(visitor, 'assessment-shared-phone');

  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Create a share link' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).not.toHaveText(/Abe Assessed/);
  await expect(visitor.getByTestId('shared-score')).toHaveCount(0);
  await visitor.context().close();

  // Retake: the journeys' server has no cool-down, so a new attempt starts at once.
  await page.getByRole('button', { name: 'Retake assessment' }).click();
  await expect(page.getByText('Question 1 of 6')).toBeVisible();
  await expect(page).not.toHaveURL(/\/result$/);
});
