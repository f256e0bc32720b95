import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs, signUpLearner } from './helpers';

// Issue 19's publishing gaps: a course taken offline and brought back (item status 103), the admin's
// proofreaders screen, and live-widget interactions read back into the lesson.

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(blocking.map((violation) => violation.id)).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

interface Card {
  author_id: number;
  collection_id: number;
  title: string;
  url: string;
}

test('an author takes a course offline: readers are told why; back online, they read it again', async ({
  page,
  browser,
}) => {
  const search = await page.request.get('/api/reader/featured_items?search_string=Modern%20C%2B%2B');
  const card = ((await search.json()) as { items: Card[] }).items.find(
    (item) => item.title === 'Modern C++ First Steps',
  );
  if (!card) throw new Error('the demo course Modern C++ First Steps is not listed');
  const studio = `/collectioneditor/${card.author_id}/${card.collection_id}`;
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, studio);
  const statusUrl = `/api/author/${card.author_id}/collection/${card.collection_id}/status`;
  try {
    const online = page.getByRole('region', { name: 'Online' });
    await expect(online).toBeVisible();
    await online.getByRole('button', { name: 'Take offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take it offline?' });
    await expect(dialog).toContainText('its author has taken it down for now');
    await dialog.getByRole('button', { name: 'Take offline' }).click();
    const offline = page.getByRole('region', { name: 'Offline' });
    await expect(offline).toContainText('You took this offline.');
    await expect(page.locator('.studio-state-offline')).toHaveText('Offline');
    await offline.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'artifacts/screenshots/offline-studio-1280.png' });
    await expectAccessible(page);

    // A visitor opening the course page is told why instead of reading it, and search no longer finds it.
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto(card.url);
    await expect(visitor.getByRole('heading', { level: 1, name: 'This course is offline' })).toBeVisible();
    await expect(visitor.getByText('its author has taken it down for now')).toBeVisible();
    await visitor.screenshot({ path: 'artifacts/screenshots/offline-reader-390.png' });
    await expectAccessible(visitor);
    await noSidewaysScroll(visitor);
    const after = await visitor.request.get('/api/reader/featured_items?search_string=Modern%20C%2B%2B');
    expect(((await after.json()) as { items: Card[] }).items.map((item) => item.title)).not.toContain(
      'Modern C++ First Steps',
    );

    // The author brings it back; the visitor reads it again.
    await offline.getByRole('button', { name: 'Bring back online' }).click();
    await expect(page.getByRole('region', { name: 'Online' })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Modern C++ First Steps' })).toBeVisible();
    await visitor.context().close();
  } finally {
    // Shared demo data: whatever happened above, the course is left online for the other journeys.
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'cr_csrf')?.value ?? '';
    await page.request.put(statusUrl, { data: { status: 101 }, headers: { 'x-csrf-token': csrf } });
  }
});

test('a platform admin adds and removes a proofreader', async ({ page, browser }) => {
  const candidate = await (await browser.newContext()).newPage();
  const email = await signUpLearner(candidate, 'Pia Proofreader', 'proofreader', 'Proof!2026pass');
  await candidate.context().close();

  await logInAs(page, 'admin@coderoom.dev', DEMO_PASSWORD, '/admin/proofreaders');
  await expect(page.getByRole('heading', { level: 1, name: 'Proofreaders' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Current proofreaders' });
  await expect(list).toContainText('reviewer@coderoom.dev');
  await page.getByLabel('E-mail address of their account').fill(email);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Pia Proofreader can now proofread.')).toBeVisible();
  await expect(list).toContainText(email);
  await page.screenshot({ path: 'artifacts/screenshots/proofreaders-1280.png', fullPage: true });
  await expectAccessible(page);

  // An address nobody uses is answered in words.
  await page.getByLabel('E-mail address of their account').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('No account uses this e-mail address.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'artifacts/screenshots/proofreaders-390.png', fullPage: true });
  await noSidewaysScroll(page);
  await list.getByRole('button', { name: 'Remove Pia Proofreader' }).click();
  await expect(page.getByText('Pia Proofreader no longer proofreads.')).toBeVisible();
  await expect(list).not.toContainText(email);
});

test('a live widget records what the learner did and shows it again after a reload', async ({ page }) => {
  await signUpLearner(page, 'Lia Live', 'live', 'Live!2026pass');
  await page.goto('/explore?q=rust');
  await page.getByRole('link', { name: 'Rust Ownership Basics' }).first().click();
  await page.getByRole('link', { name: 'Why ownership?' }).first().click();
  const code = page.locator('.widget[data-widget-type="Code"]').first();
  const reset = code.getByRole('button', { name: 'Reset' });
  await expect(reset).toBeVisible();
  const reported = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/userdata/live/interactions') && response.request().method() === 'POST',
  );
  await reset.click();
  await reset.click();
  expect((await reported).status()).toBe(200);
  await expect(code.getByTestId('live-activity')).toContainText('reset 2 times');

  await page.reload();
  await expect(code.getByTestId('live-activity')).toContainText('Your work here: reset 2 times');
  await code.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/screenshots/live-activity-1280.png' });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await code.getByTestId('live-activity').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/screenshots/live-activity-390.png' });
  await noSidewaysScroll(page);
});
