import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures';
import { signUpLearner } from './helpers';
import { shot } from './shot';

// Slides that remember the learner's place (GET/POST /api/slides/data) and the reader's nudges
// (POST /api/reader/log-nudge-interaction), in the demo course "Rust Ownership Basics", lesson 1.

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.passes.length).toBeGreaterThan(0);
  const blocking = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(blocking.map((violation) => violation.id)).toEqual([]);
}

async function openLesson(page: Page): Promise<string> {
  await page.goto('/explore?q=rust');
  await page.getByRole('link', { name: 'Rust Ownership Basics' }).first().click();
  await page.getByRole('link', { name: 'Why ownership?' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Why ownership?' })).toBeVisible();
  return page.url();
}

/** Reads to the end of the lesson, once its code widget is on the page. */
async function readToTheEnd(page: Page) {
  const code = page.locator('.widget[data-widget-type="Code"]').first();
  await expect(code.getByRole('button', { name: /Run/ })).toBeVisible();
  await page.locator('.lesson-footer').scrollIntoViewIfNeeded();
}

test('slides remember the frame; nudges show once, act, and stay dismissed', async ({ page }) => {
  await signUpLearner(page, 'Nia Nudge', 'nudge', 'Nudge!2026pass');
  const lessonUrl = await openLesson(page);

  // Slides: the learner moves with the buttons and the arrow keys; the place survives a reload.
  const slides = page.locator('section[aria-roledescription="slides"]');
  await expect(slides.getByText('Frame 1 of 3')).toBeVisible();
  await slides.getByRole('button', { name: 'Next →' }).click();
  await expect(slides.getByText('Frame 2 of 3')).toBeVisible();
  await expect(slides.getByTestId('slides-progress')).toHaveText('Seen 2 of 3 frames');
  await slides.getByRole('button', { name: 'Next →' }).press('ArrowRight');
  await expect(slides.getByText('Frame 3 of 3')).toBeVisible();
  await expect(slides.getByTestId('slides-progress')).toHaveText('✓ You have seen every frame');
  await page.reload();
  await expect(slides.getByText('Frame 3 of 3')).toBeVisible();
  await expect(slides.getByTestId('slides-progress')).toHaveText('✓ You have seen every frame');
  await slides.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/screenshots/reader-calls-slides-1280.png' });

  // Reaching the end without running the code brings the "try the code" tip, announced politely.
  const region = page.locator('.lesson-nudge-region');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await readToTheEnd(page);
  const tip = page.getByRole('region', { name: 'Tip' });
  await expect(tip).toContainText('You reached the end without running the code.');
  await page.screenshot({ path: 'artifacts/screenshots/reader-calls-nudge-1280.png' });
  await expectAccessible(page);
  // Its action takes the learner back to the code, focus on Run.
  await tip.getByRole('button', { name: 'Back to the code' }).click();
  await expect(tip).toHaveCount(0);
  await expect(
    page.locator('.widget[data-widget-type="Code"]').first().getByRole('button', { name: /Run/ }),
  ).toBeFocused();

  // Next visit: the tip comes back (it was used, not dismissed); Escape dismisses it for good.
  await page.reload();
  await readToTheEnd(page);
  await expect(tip).toBeVisible();
  await tip.getByRole('button', { name: 'Don’t show this again' }).focus();
  await page.keyboard.press('Escape');
  await expect(tip).toHaveCount(0);
  await expect
    .poll(async () => (await page.request.get('/api/reader/nudges')).json())
    .toEqual({ dismissed: ['try_code'] });

  // On a phone: the dismissed tip stays away; reaching the end brings "mark it complete" instead.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(lessonUrl);
  await readToTheEnd(page);
  await expect(tip).toContainText('Done with this lesson?');
  await expect(tip).not.toContainText('You reached the end without running the code');
  await slides.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/screenshots/reader-calls-slides-390.png' });
  await tip.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/screenshots/reader-calls-nudge-390.png' });
  await shot(page, 'reader-calls-lesson-390');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await tip.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByRole('button', { name: '✓ Completed' })).toBeVisible();
  await expect(tip).toHaveCount(0);
});
