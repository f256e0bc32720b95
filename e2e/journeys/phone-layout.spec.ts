import { openProjectTask } from './a11y';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// The signed-in app on a 390 × 844 phone: no page scrolls sideways, and the header's links sit behind a
// Menu button (a disclosure: Escape closes it and focus goes back to the button). Every page is also
// shot at desktop width, under the same names with -desktop; the phone shots end in -phone.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** How many pixels the page is wider than the window (0 when nothing scrolls sideways). */
const sideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The page at both widths: no sideways scroll at either, a screenshot of each. */
async function checkBothWidths(page: Page, name: string, ready: () => Promise<void>) {
  await page.setViewportSize(DESKTOP);
  await ready();
  // Wide enough for the header's links: no Menu button.
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  expect(await sideScroll(page), `${name} at desktop width`).toBeLessThanOrEqual(0);
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await ready();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
  expect(await sideScroll(page), `${name} at 390 px`).toBeLessThanOrEqual(0);
  await shot(page, `${name}-phone`);
}

const heading = (page: Page, name?: string | RegExp) => async () => {
  await expect(page.getByRole('heading', { level: 1, ...(name ? { name } : {}) })).toBeVisible();
};

test('a learner on a phone: menu, home, explore, a course, a lesson, a project task, settings', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');

  // The menu: closed at first, opened by its button, closed by Escape with focus back on the button.
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'My learning' })).toBeVisible();
  await shot(page, 'menu-open-phone');
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeHidden();
  await expect(menu).toBeFocused();
  // Keyboard: Enter opens it, Tab reaches the links, a link navigates and closes it.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Explore' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/explore$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('main')).toBeFocused();

  await page.goto('/learn/home');
  await checkBothWidths(page, 'learn-home', heading(page));
  await page.goto('/explore');
  await checkBothWidths(page, 'explore', heading(page, 'Explore'));

  await page.getByLabel('What do you want to learn?').fill('python');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('link', { name: 'Python in Practice' }).first().click();
  await checkBothWidths(page, 'course', heading(page, 'Python in Practice'));
  await page.getByRole('link', { name: 'Reading input' }).first().click();
  await checkBothWidths(page, 'lesson', async () => {
    await heading(page, 'Reading input')();
    await expect(page.locator('.cm-content').first()).toBeVisible();
  });

  await openProjectTask(page, /Word Frequency Counter/);
  await checkBothWidths(page, 'project-task', async () => {
    await heading(page)();
    await expect(page.locator('.cm-content').first()).toBeVisible();
  });

  await page.goto('/playground');
  await checkBothWidths(page, 'playground', heading(page));
  await page.goto('/settings');
  await checkBothWidths(page, 'settings', heading(page));
  await page.goto('/notes');
  await checkBothWidths(page, 'notes', heading(page));
  // The tier comparison is wider than a phone: it scrolls inside its own box, never the page.
  await page.goto('/unlimited');
  await checkBothWidths(page, 'unlimited', async () => {
    await heading(page, 'Coderoom Unlimited')();
    await expect(page.getByRole('table')).toBeVisible();
  });
});

test('a terminal project task on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  await openProjectTask(page, /Log Detective/);
  await checkBothWidths(page, 'project-terminal', async () => {
    await heading(page)();
    await expect(page.getByTestId('terminal-state')).toHaveText('Connected', { timeout: 30_000 });
  });
});

test('the author studio lists and the page editor on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  await checkBothWidths(page, 'teach', heading(page, 'Teach'));
  await page.goto('/teach?tab=courses');
  await checkBothWidths(page, 'teach-courses', heading(page, 'Teach'));
  const courseEditor = await page.locator('a[href^="/collectioneditor/"]').first().getAttribute('href');
  await page.goto(courseEditor ?? '/teach');
  await checkBothWidths(page, 'course-editor', heading(page));
  await page.getByRole('link', { name: 'Edit content' }).first().click();
  await expect(page).toHaveURL(/\/pageeditor\/\d+\/\d+\/\d+$/);
  await checkBothWidths(page, 'page-editor', async () => {
    await expect(page.getByLabel('Lesson title')).toBeVisible();
  });
});
