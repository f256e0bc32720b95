import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './fixtures';

// What the accessibility journeys share: axe-core's verdict on a page, the app's route list read from its
// router, and the API calls a journey makes as the signed-in user of a page.

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The serious and critical WCAG violations axe-core finds on the page as it is now, one line each. */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  // A run that checked nothing would pass anything.
  expect(results.passes.length).toBeGreaterThan(0);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * Every path pattern of apps/web/src/app/routes.tsx (the route table the browser and the server share) ('' for the index route): `path: '…'` entries and
 * the lists mapped onto one page (`...['learn', 'learn/:tab'].map((path) => …)`).
 */
export function appRoutePatterns(): string[] {
  const source = readFileSync(new URL('../../apps/web/src/app/routes.tsx', import.meta.url), 'utf8');
  const patterns = new Set<string>();
  if (/\bindex:\s*true\b/.test(source)) patterns.add('');
  for (const match of source.matchAll(/\bpath:\s*'([^']+)'/g)) patterns.add(match[1] ?? '');
  for (const list of source.matchAll(/\.\.\.\[([^\]]*)\]\.map\(\(path\)/g)) {
    for (const item of (list[1] ?? '').matchAll(/'([^']+)'/g)) patterns.add(item[1] ?? '');
  }
  return [...patterns];
}

/** A JSON API call with the page's cookies, and the CSRF header on writes, as the web app makes it. */
export async function apiCall<T>(page: Page, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'cr_csrf')?.value ?? '';
  const response = await page.request.fetch(path, {
    method,
    headers: method === 'GET' ? {} : { 'x-csrf-token': csrf },
    data: body,
  });
  expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The href of the first link on the page that matches, once the page shows it. */
export async function linkHref(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = async () =>
    (await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
      .filter((href): href is string => href !== null)
      .filter((href) => pattern.test(href));
  await expect
    .poll(async () => (await hrefs()).length, { message: `a link like ${pattern}` })
    .toBeGreaterThan(0);
  return (await hrefs())[0] ?? '';
}

/**
 * Opens a demo project's first task from explore: begun guided if the user has not begun it yet (another
 * journey of the same demo account may have), else through its task list.
 */
export async function openProjectTask(page: Page, title: RegExp) {
  await page.goto('/explore?type=projects');
  await page.getByRole('link', { name: title }).first().click();
  const begin = page.getByRole('button', { name: 'Begin guided' });
  const carryOn = page.getByRole('link', { name: /^(Continue project|Review tasks|Open first task)$/ });
  // One of the two shows once the learner's progress has loaded.
  await expect(begin.or(carryOn).first()).toBeVisible();
  if (await begin.isVisible()) await begin.click();
  else await carryOn.first().click();
  await expect(page).toHaveURL(/\/project\/\d+\/\d+\/\d+\/\d+$/);
}
