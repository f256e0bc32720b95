import type { CourseHome, FeaturedItemsResponse } from '@coderoom/contracts';
import { apiCall } from './a11y';
import { type ConsoleMessage, expect, test } from './fixtures';

// A visitor who is not logged in browses the public pages: the browser's console stays empty — no
// failed request (the user-info 401 was logged on every page), no React Router warning, no preload the
// page did not use.

test('public pages log nothing to the console when logged out', async ({ page }) => {
  test.setTimeout(120_000);
  const logged: string[] = [];
  const keep = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      logged.push(`${page.url()} ${message.type()}: ${message.text()}`);
    }
  };
  page.on('console', keep);
  page.on('pageerror', (error) => logged.push(`${page.url()} uncaught: ${error.message}`));
  const userInfoCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user/info') userInfoCalls.push(page.url());
  });

  const find = async (query: string) => {
    const found = await apiCall<FeaturedItemsResponse>(page, 'GET', `/api/reader/featured_items?${query}`);
    const item = found.items[0];
    if (!item) throw new Error(`nothing in the catalogue for ${query}`);
    return item;
  };
  const course = await find('search_string=python&only_courses=true');
  const home = await apiCall<CourseHome>(
    page,
    'GET',
    `/api/reader/collection/${course.author_id}/${course.collection_id}`,
  );
  const lessons = home.toc.flatMap((category) => category.pages);
  const lesson = lessons[0];
  // A lesson that needs an account: its gate shows without a failed request.
  const locked = lessons.find((entry) => !entry.is_preview);
  if (!lesson || !locked) throw new Error('the Python course has no preview and locked lessons');
  const pages = [
    '/',
    '/login',
    '/signup',
    '/password-reset',
    '/explore',
    '/explore/free',
    '/explore?type=projects',
    '/explore?sort=popular&duration=short',
    '/about',
    '/pricing',
    '/terms',
    '/privacy',
    course.url,
    lesson.url,
    locked.url,
    (await find('search_string=full-stack')).url,
    (await find('search_string=word%20frequency')).url,
    (await find('search_string=python%20skill')).url,
    (await find('search_string=lab%20credentials')).url,
  ];
  for (const url of pages) {
    await page.goto(url);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // The unused-preload warning comes a few seconds after the load event: stay on the lesson long enough.
  await page.goto(lesson.url);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => performance.now()), { timeout: 10_000 }).toBeGreaterThan(5_000);

  expect(logged).toEqual([]);
  // Nobody is signed in: the page knows it from the missing logged-in marker and does not ask.
  expect(userInfoCalls).toEqual([]);
});
