import type { CourseHome, FeaturedItemsResponse } from '@coderoom/contracts';
import { apiCall } from './a11y';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD } from './helpers';
import { shot } from './shot';

// Where a newcomer looks first: the landing page, the catalogue, a course page, a locked lesson and the
// footer's pages (docs/catalog.md).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function pythonCourse(page: Page) {
  const found = await apiCall<FeaturedItemsResponse>(
    page,
    'GET',
    '/api/reader/featured_items?search_string=python&only_courses=true',
  );
  const course = found.items[0];
  if (!course) throw new Error('no Python course in the catalogue');
  const home = await apiCall<CourseHome>(
    page,
    'GET',
    `/api/reader/collection/${course.author_id}/${course.collection_id}`,
  );
  return { course, lessons: home.toc.flatMap((category) => category.pages) };
}

async function logIn(page: Page) {
  await page.getByLabel('Email').fill('learner@coderoom.dev');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** How many pixels the page is wider than the window (0 when nothing scrolls sideways). */
const sideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a locked lesson is marked before the click, its gate names it, and login comes back to it', async ({
  page,
}) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const { course, lessons } = await pythonCourse(page);
  const locked = lessons.find((lesson) => !lesson.is_preview);
  if (!locked) throw new Error('the Python course has no locked lesson');

  await page.goto(course.url);
  const syllabus = page.getByRole('region', { name: 'Syllabus' });
  await expect(syllabus.getByText(/preview lessons? free to read; log in for the others/)).toBeVisible();
  // The lock is in the link's name, so a screen reader hears it before the click too.
  const link = syllabus.getByRole('link', { name: `${locked.title} (locked: log in to read)` });
  await expect(link).toBeVisible();
  const previewRow = syllabus.locator('.toc-page', { hasText: lessons[0]?.title ?? '' }).first();
  await expect(previewRow.getByText('Preview')).toBeVisible();

  await link.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Log in to read “${locked.title}”` }),
  ).toBeVisible();
  await expect(page.getByText(`Lesson ${lessons.indexOf(locked) + 1} of ${lessons.length} in`)).toBeVisible();
  // The gate came from the public outline: the lesson itself was never asked for, so nothing failed.
  expect(failed).toEqual([]);

  await page.getByRole('link', { name: 'Log in', exact: true }).last().click();
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
  await logIn(page);
  await expect(page).toHaveURL(new RegExp(`${locked.url}$`));
  await expect(page.getByRole('heading', { level: 1, name: locked.title })).toBeVisible();
  // Signed in, the sidebar shows no locks.
  await expect(page.locator('.toc-page[data-locked]')).toHaveCount(0);
});

test('explore sorts and filters, and the URL keeps the choice', async ({ page }) => {
  await page.goto('/explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  const cards = page.locator('.course-card');
  await expect(cards.first()).toBeVisible();
  // Cards differ: each has its own cover, its author and its facts.
  await expect(cards.first().locator('svg.course-thumb, img.course-thumb')).toBeVisible();
  await expect(cards.first().getByText(/^By /)).toBeVisible();

  await page.getByLabel('Sort by').selectOption('shortest');
  await expect(page).toHaveURL(/[?&]sort=shortest/);
  // The radios follow the URL: a click navigates, and the radio shows checked once the page has the new URL.
  await page.getByRole('radio', { name: 'Courses' }).click();
  await expect(page).toHaveURL(/[?&]type=courses/);
  await expect(page.getByRole('radio', { name: 'Courses' })).toBeChecked();
  await page.getByRole('radio', { name: '1 to 3 hours' }).click();
  await expect(page).toHaveURL(/[?&]duration=medium/);
  await expect(page.getByRole('radio', { name: '1 to 3 hours' })).toBeChecked();
  await expect(cards.first()).toBeVisible();

  // Shortest first: the lengths on the cards never go down.
  const minutes = async () =>
    (await cards.locator('.course-card-facts').allInnerTexts()).map((facts) => {
      const hours = /(\d+) h/.exec(facts)?.[1] ?? '0';
      const mins = /(\d+) min/.exec(facts)?.[1] ?? '0';
      return Number(hours) * 60 + Number(mins);
    });
  await expect.poll(async () => (await minutes()).length).toBeGreaterThan(0);
  const lengths = await minutes();
  expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  expect(lengths.every((length) => length >= 60 && length <= 180)).toBe(true);
  // Every card says "lesson" or "lessons" as its number needs.
  for (const facts of await cards.locator('.course-card-facts').allInnerTexts()) {
    expect(facts).toMatch(/(?:^|\D)(?:1 lesson(?!s)|(?:[02-9]|\d{2,}) lessons)/);
  }

  // A reload (or a shared link) shows the same choice.
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('shortest');
  await expect(page.getByRole('radio', { name: '1 to 3 hours' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Courses' })).toBeChecked();

  // The landing page's search box leads here with the words in the URL.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'What do you want to learn?' }).fill('rust');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/explore\?q=rust$/);
  await expect(page.getByRole('status').filter({ hasText: 'for “rust”' })).toBeVisible();
});

test("the landing page's sample runs in the sandbox after the visitor logs in", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(page.getByText('Running code needs a free account.')).toBeVisible();
  await page.getByRole('link', { name: 'Log in', exact: true }).last().click();
  await logIn(page);
  await expect(page).toHaveURL(/\/\?run=hero$/);
  await expect(page.getByText('Hello, Ada!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Hello, Linus!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to my learning' })).toBeVisible();
});

test('landing, explore, a course page and the footer pages at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  const { course } = await pythonCourse(page);
  const pages = [
    ['landing', '/', 'Learn to code by reading and running real code.'],
    ['explore', '/explore', 'Explore'],
    ['course', course.url, course.title],
    ['about', '/about', 'About Coderoom'],
    ['pricing', '/pricing', 'Pricing'],
    ['terms', '/terms', 'Terms of Service'],
    ['privacy', '/privacy', 'Privacy Policy'],
  ] as const;
  for (const [name, url, title] of pages) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await sideScroll(page), `${name} at ${size} width`).toBeLessThanOrEqual(0);
      await shot(page, `catalog-${name}-${size}`);
    }
  }
  // The footer's links lead to real pages.
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
