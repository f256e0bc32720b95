import { expect, test } from './fixtures';
import { logInInNewContext, signUpLearner } from './helpers';
import { shot } from './shot';

const PASSWORD = 'Asker!2026pass';

test('ask from the header, read the cited lesson; fail an exercise, ask for a review and hints', async ({
  page,
  browser,
}) => {
  // A Go build, a judge run and a review (build, judge, go vet, gofmt) on a shared machine.
  test.setTimeout(240_000);
  await signUpLearner(page, 'Ari Asker', 'asker', PASSWORD);
  // The Go course is priced (docs/commerce.md): the asker takes a standard plan with the sandbox's test card.
  await page.evaluate(async () => {
    const csrf = decodeURIComponent(/(?:^|;\s*)cr_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch('/api/commerce/checkout/subscription_buy', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({
        plan: '200-1-6000',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123', name: 'Ari Asker' },
        idempotency_key: crypto.randomUUID(),
      }),
    });
    if (!response.ok) throw new Error(await response.text());
  });

  // The header's search dropdown: ask AI a question, get an answer that cites its lesson.
  await page.getByRole('button', { name: 'Ask AI or search courses' }).click();
  const question = page.getByLabel('Ask AI about the lessons');
  await expect(question).toBeFocused();
  await question.fill('How do I wait for all my goroutines to finish?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const citation = page.getByRole('link', { name: 'Goroutines and channels — Waiting: sync.WaitGroup' });
  await expect(citation).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.header-search-panel')).toContainText('wg.Wait()');
  await shot(page, '90-ai-search-answer');

  // An off-topic question gets the spec's NOT_FOUND message and hint.
  await question.fill('What is the best recipe for banana bread?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.locator('.ai-search-error')).toContainText(
    "We couldn't find the answer you were looking for",
  );
  await expect(page.locator('.ai-search-error')).toContainText('Try asking another question');
  await question.fill('How do I wait for all my goroutines to finish?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(citation).toBeVisible({ timeout: 20_000 });

  // The citation opens the lesson at the cited section.
  await citation.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Goroutines and channels' })).toBeVisible();
  await expect(page).toHaveURL(/\/collection\/page\/\d+\/\d+\/\d+#waiting-sync-waitgroup$/);
  await expect(page.getByRole('heading', { name: 'Waiting: sync.WaitGroup' })).toBeInViewport();
  await expect(page.locator('.header-search-panel')).toHaveCount(0);

  // The exercise's starter code fails the checks; a review explains what the tests expected.
  const exercise = page.locator('.code-widget', { has: page.getByRole('button', { name: 'Check' }) });
  await expect(exercise.locator('.cm-content')).toBeVisible();
  await exercise.getByRole('button', { name: 'Check' }).click();
  await expect(exercise).toContainText(/of 3 tests passed/, { timeout: 60_000 });
  await exercise.getByRole('button', { name: 'Review my code' }).click();
  const review = exercise.getByRole('region', { name: 'Code review' });
  await expect(review).toContainText(/of 3 tests pass\./, { timeout: 60_000 });
  await expect(review).toContainText('Test 1 failed');
  await expect(review).toContainText('Test 3 (hidden) failed');
  await review.getByLabel('Yes').check();
  await review.getByLabel('Feedback (optional)').fill('Clear: the expected output told me what was missing.');
  await review.getByRole('button', { name: 'Send feedback' }).click();
  await expect(review).toContainText('Thanks — your feedback goes to the course authors.');
  await exercise.scrollIntoViewIfNeeded();
  await shot(page, '91-ai-code-review');
  // On a phone the review panel stays inside the screen, its comments wrapping rather than overflowing.
  await page.setViewportSize({ width: 390, height: 844 });
  await review.scrollIntoViewIfNeeded();
  await shot(page, '91-ai-code-review-phone');
  const reviewBox = await review.boundingBox();
  expect(reviewBox && reviewBox.x >= 0 && reviewBox.x + reviewBox.width <= 390).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The tutor's ladder: the sandbox judges the code again, then one hint per click, nudge first.
  await exercise.getByRole('button', { name: 'Get a hint' }).click();
  const hints = exercise.getByRole('list', { name: 'Hints' });
  await expect(hints.getByRole('listitem')).toHaveCount(1, { timeout: 60_000 });
  await expect(hints.getByRole('listitem').first()).toContainText(/^Hint 1 of \d/);
  await exercise.getByRole('button', { name: 'Next hint' }).click();
  await expect(hints.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
  await expect(hints.getByRole('listitem').nth(1)).toContainText(/^Hint 2 of \d/);
  await hints.scrollIntoViewIfNeeded();
  await shot(page, '92-ai-tutor-hints');
  await page.setViewportSize({ width: 390, height: 844 });
  await hints.scrollIntoViewIfNeeded();
  await shot(page, '92-ai-tutor-hints-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The course's author reads what the tutor and the review told this learner.
  const [, authorId, collectionId] = new URL(page.url()).pathname.match(/\/(\d+)\/(\d+)\/\d+$/) ?? [];
  const author = await logInInNewContext(browser, 'author@coderoom.dev', '/teach');
  await author.goto(`/collectioneditor/${authorId}/${collectionId}/learner-help`);
  await expect(author.getByRole('heading', { level: 1, name: /^Learner help on / })).toBeVisible();
  const entries = author.locator('.learner-help-entry', { hasText: 'Ari Asker' });
  await expect(entries.filter({ hasText: 'Hint 2' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Code review' })).toContainText('Rated helpful');
  await shot(author, '93-ai-learner-help');
  await author.close();

  // The lesson page has its own box for questions.
  const lessonBox = page.getByLabel('Stuck? Ask a question about the lessons');
  await lessonBox.fill('What does bufio.Scanner do?');
  await page
    .getByRole('region', { name: 'Ask about the lessons' })
    .getByRole('button', { name: 'Ask' })
    .click();
  await expect(
    page
      .getByRole('region', { name: 'Ask about the lessons' })
      .getByRole('link', { name: /Slices, maps and reading input/ }),
  ).toBeVisible({ timeout: 20_000 });
});

test('the header dropdown answers on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpLearner(page, 'Pia Phone', 'phone-asker', PASSWORD);
  await page.getByRole('button', { name: 'Ask AI or search courses' }).click();
  await page.getByLabel('Ask AI about the lessons').fill('What is the difference between String and &str?');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(page.locator('.ai-citation').first()).toContainText('String, &str and slices', {
    timeout: 20_000,
  });
  await shot(page, '92-ai-search-phone');
  const panel = await page.locator('.header-search-panel').boundingBox();
  expect(panel && panel.x >= 0 && panel.x + panel.width <= 390).toBe(true);
});
