import { blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// Answers (docs/answers.md): a visitor finds an answer from the header's search dropdown with the
// keyboard, is asked to sign up to like it, signs up, runs its code and likes it; an author writes an
// answer and submits it for review; the pages are axe-clean and hold at a 390 px phone width.

const PASSWORD = 'Answers!2026pass';
const PHONE = { width: 390, height: 844 };

async function axeClean(page: Page) {
  expect(await blockingViolations(page)).toEqual([]);
}

/** A call from the page, with its cookies and CSRF header, as the web app makes it. */
function callFromPage(page: Page, method: string, path: string) {
  return page.evaluate(
    async ([verb, url]) => {
      const csrf = decodeURIComponent(/(?:^|;\s*)cr_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch(url as string, {
        method: verb as string,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: verb === 'GET' ? undefined : '{}',
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    },
    [method, path],
  );
}

const sideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a visitor finds an answer from the header search, signs up, runs its code and likes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Search courses and answers' }).click();
  const box = page.getByRole('combobox', { name: 'Search courses, paths and answers' });
  await expect(box).toBeFocused();
  await box.fill('reverse a list in python');
  const option = page.getByRole('option', { name: /How do I reverse a list in Python\?/ });
  await expect(option).toBeVisible();
  await axeClean(page);
  await shot(page, 'answers-10-header-search');
  // The keyboard picks it: the active option is named on the combobox, focus stays in the input.
  const options = page.getByRole('option');
  const index = (await options.allTextContents()).findIndex((text) =>
    text.includes('reverse a list in Python'),
  );
  for (let step = 0; step <= index; step += 1) await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/answers\/how-to-reverse-a-list-in-python$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'How do I reverse a list in Python?' }),
  ).toBeVisible();
  await expect(page.locator('.cm-content').first()).toBeVisible();
  await axeClean(page);

  // A visitor's like is refused by the API (401) and the page asks them to sign up.
  const read = await callFromPage(page, 'GET', '/api/edpresso/shot/url/how-to-reverse-a-list-in-python');
  const shotId = (read.body as { shotId: number }).shotId;
  expect((await callFromPage(page, 'POST', `/api/edpresso/shot/${shotId}/like`)).status).toBe(401);
  await page.getByRole('button', { name: /^Like/ }).click();
  await page.locator('.answer-actions').getByRole('link', { name: 'sign up' }).click();
  await page.getByLabel('Full name').fill('Vera Visitor');
  await page.getByLabel('Email').fill(`answers-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Back on the answer, signed in.
  await expect(page).toHaveURL(/\/answers\/how-to-reverse-a-list-in-python$/);

  await page.getByRole('button', { name: /Run/ }).first().click();
  await expect(page.locator('.run-output .output').first()).toContainText('[4, 3, 2, 1]', {
    timeout: 60_000,
  });
  const like = page.getByRole('button', { name: /^Like/ });
  await like.click();
  await expect(page.getByRole('button', { name: /^Liked · \d+/ })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'answers-20-liked');

  // The phone layout holds: the list and the answer do not scroll sideways.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  await shot(page, 'answers-30-answer-phone');
  await page.goto('/answers?q=python');
  await expect(page.getByRole('heading', { level: 1, name: 'Answers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'How do I reverse a list in Python?' })).toBeVisible();
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  await axeClean(page);
  await shot(page, 'answers-40-list-phone');
  // The header search on the phone: the dropdown fits the screen.
  await page.getByRole('button', { name: 'Ask AI or search courses' }).click();
  await page.getByRole('radio', { name: 'Courses and answers' }).check();
  await page.getByRole('combobox', { name: 'Search courses, paths and answers' }).fill('goroutines');
  await expect(page.getByRole('option', { name: /wait for goroutines/i })).toBeVisible();
  const panel = await page.locator('.header-search-panel').boundingBox();
  expect(panel && panel.x >= 0 && panel.x + panel.width <= PHONE.width).toBe(true);
  await shot(page, 'answers-50-search-phone');
});

test('an author writes an answer and submits it for review', async ({ page, request }) => {
  test.setTimeout(120_000);
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/create-answer');
  await expect(page.getByRole('heading', { level: 1, name: 'Write an answer' })).toBeVisible();
  const title = `How do I join strings in Go? ${Date.now()}`;
  await page.getByLabel('The question your answer solves').fill(title);
  await page.getByRole('button', { name: 'Start writing' }).click();
  await expect(page).toHaveURL(/\/answereditor\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Answer editor' })).toBeVisible();

  // A url that breaks the canonical rule is refused with the spec's text.
  await page.getByLabel('Canonical url (/answers/…)').fill('Join Strings');
  await page.getByRole('checkbox', { name: 'Go' }).check();
  await page.getByRole('button', { name: '+ Markdown' }).click();
  await page
    .getByRole('textbox', { name: 'Markdown' })
    .fill('Use `strings.Join` to put a separator between the parts.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Invalid Canonical Url.').first()).toBeVisible();

  await page.getByLabel('Canonical url (/answers/…)').fill(`join-strings-in-go-${Date.now()}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Submitted for review.')).toBeVisible();
  await shot(page, 'answers-60-editor');

  // Not public until an admin approves it.
  const id = page.url().split('/').pop();
  expect((await request.get(`/api/edpresso/shot/${id}`)).status()).toBe(404);
  await page.goto('/create-answer');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});
