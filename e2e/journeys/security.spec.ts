import { expect, type Page, type Response, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { shot } from './shot';

// The app works under its Content-Security-Policy (docs/security.md): the policy is on every page, it
// allows no inline script, and the pages a learner and an author use most raise no violation. Author
// content stays inside its widget's box, and a write from another site is refused even with a valid
// CSRF pair.

// Names from packages/contracts/src/common.ts (CSRF_COOKIE, CSRF_HEADER).
const CSRF_COOKIE = 'cr_csrf';
const CSRF_HEADER = 'x-csrf-token';

/** Every CSP violation the page reports, from the DOM event and from the console, across navigations. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return violations;
}

/** The policy's directives, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

function expectStrictPolicy(response: Response | null) {
  expect(response?.status()).toBe(200);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).not.toBe('');
  const parsed = directives(policy);
  expect(parsed.get('script-src')).toEqual(["'self'"]);
  expect(policy).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  expect(parsed.get('script-src-attr')).toEqual(["'none'"]);
  expect(parsed.get('object-src')).toEqual(["'none'"]);
  expect(parsed.get('base-uri')).toEqual(["'none'"]);
  expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
}

/** True when the box of `inner` lies inside the box of `outer` (both visible). */
async function expectInside(page: Page, inner: string, outer: string) {
  const [innerBox, outerBox] = await Promise.all([
    page.locator(inner).first().boundingBox(),
    page.locator(outer).first().boundingBox(),
  ]);
  expect(innerBox).not.toBeNull();
  expect(outerBox).not.toBeNull();
  if (!innerBox || !outerBox) return;
  expect(innerBox.x).toBeGreaterThanOrEqual(outerBox.x - 1);
  expect(innerBox.y).toBeGreaterThanOrEqual(outerBox.y - 1);
  expect(innerBox.x + innerBox.width).toBeLessThanOrEqual(outerBox.x + outerBox.width + 1);
  expect(innerBox.y + innerBox.height).toBeLessThanOrEqual(outerBox.y + outerBox.height + 1);
}

/** What a click at the top-left of the window would hit: the app's header, never author content. */
async function expectHeaderClickable(page: Page) {
  const hit = await page.evaluate(() => {
    const element = document.elementFromPoint(20, 20);
    return { inWidget: Boolean(element?.closest('.widget')), tag: element?.tagName ?? '' };
  });
  expect(hit.inWidget).toBe(false);
}

const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40" style="position:fixed;inset:0;z-index:2147483647;width:100vw;height:100vh">' +
  '<title>Two boxes</title><rect x="5" y="5" width="40" height="30" fill="#c7d2fe" stroke="#4f46e5" style="position:fixed;top:0;left:0" />' +
  '<rect x="55" y="5" width="40" height="30" fill="#f1f3f8" stroke="#4f46e5" /></svg>';

test('the policy is strict and nothing violates it: landing, a lesson with a code run, the page editor', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);

  expectStrictPolicy(await page.goto('/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, '90-security-landing');

  // A learner runs code in a lesson.
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  expectStrictPolicy(await page.goto('/explore?q=python'));
  await page.getByRole('link', { name: 'Python in Practice' }).click();
  await page.getByRole('link', { name: 'Reading input' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading input' })).toBeVisible();
  const exercise = page.locator('.code-widget').first();
  await exercise.getByRole('button', { name: 'Check' }).click();
  await expect(exercise).toContainText(/of 4 tests passed/, { timeout: 30_000 });

  // Whatever gets into a widget stays in its box: a fixed, topmost overlay put into the lesson's table
  // is confined to it (paint containment), so the header above the lesson still takes the clicks.
  const table = '.widget[data-widget-type="Table"]';
  await page.evaluate((selector) => {
    const overlay = document.createElement('div');
    overlay.className = 'injected-overlay';
    overlay.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647;background:rgba(255,0,0,.4)');
    document.querySelector(selector)?.appendChild(overlay);
  }, table);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectInside(page, '.injected-overlay', table);
  await expectHeaderClickable(page);
  await shot(page, '91-security-lesson-overlay-confined');
  await page.context().clearCookies();

  // An author's slide drawing that tries to cover the app: in the editor's preview before the save,
  // and after the server has sanitised it, it draws only inside its widget.
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  await page.getByLabel('Title').fill(`Safe Slides ${Date.now()}`);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/collectioneditor\/\d+\/\d+$/);
  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByLabel('Category 1 title').fill('Drawings');
  await page.getByRole('button', { name: 'Add lesson to Drawings' }).click();
  await page.getByLabel('Lesson 1 title').fill('Boxes');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('link', { name: 'Edit content' }).click();
  await expect(page).toHaveURL(/\/pageeditor\/\d+\/\d+\/\d+$/);
  await page.getByRole('button', { name: '+ Slides', exact: true }).click();
  await page.getByLabel('Caption').fill('Two **boxes**.');
  await page.getByLabel('Drawing (SVG, optional)').fill(HOSTILE_SVG);

  const preview = page.getByRole('region', { name: 'Live preview' });
  const drawing = preview.getByRole('img', { name: 'Two boxes' });
  await expect(drawing).toBeVisible();
  await expectInside(page, '.studio-preview .widget-slide-svg img', '.studio-preview .widget');
  await expectHeaderClickable(page);

  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.reload();
  await expect(drawing).toBeVisible();
  await expectInside(page, '.studio-preview .widget-slide-svg img', '.studio-preview .widget');
  await expectHeaderClickable(page);
  await shot(page, '92-security-page-editor');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectHeaderClickable(page);
  await shot(page, '92-security-page-editor-phone');

  expect(violations).toEqual([]);
});

test('a write from another site is refused even with a valid CSRF pair', async ({ page }) => {
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
  expect(csrf).not.toBe('');
  const origin = new URL(page.url()).origin;

  // page.request shares the browser's cookies: the session and the CSRF cookie go with it.
  const foreign = await page.request.post('/api/userdata/darkmode', {
    data: { frontend_theme: 'dark' },
    headers: { [CSRF_HEADER]: csrf, origin: 'https://evil.example' },
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toEqual({ errorText: expect.any(String) });
  const foreignReferer = await page.request.post('/api/userdata/darkmode', {
    data: { frontend_theme: 'dark' },
    headers: { [CSRF_HEADER]: csrf, referer: 'https://evil.example/page' },
  });
  expect(foreignReferer.status()).toBe(403);

  // The same request from our own origin goes through.
  const own = await page.request.post('/api/userdata/darkmode', {
    data: { frontend_theme: 'light' },
    headers: { [CSRF_HEADER]: csrf, origin },
  });
  expect(own.status()).toBe(200);
});
