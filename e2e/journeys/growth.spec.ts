import { blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs } from './helpers';
import { PHONE } from './screens';
import { shot } from './shot';

// Growth (docs/growth.md): the learner's referral page and a friend signing up with the code, the
// administrator's revenue page from the seeded checkouts, and the demo affiliate's sales; each page at
// 1280 and 390 px, keyboard-reachable and free of blocking axe violations.

const PASSWORD = 'Growth!2026pass';

async function checkPage(page: Page, name: string) {
  expect(await blockingViolations(page)).toEqual([]);
  await expect(page.locator('h1')).toHaveCount(1);
  await shot(page, name);
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  if (desktop) await page.setViewportSize(desktop);
}

test('a learner shares their referral link and a friend signs up with it', async ({ browser, page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await logInAs(page, 'learner@coderoom.dev', DEMO_PASSWORD, '/refer-a-friend');
  await expect(page.getByRole('heading', { name: 'Refer a friend', level: 1 })).toBeVisible();
  await expect(page.getByText('LEARNER1', { exact: true })).toBeVisible();
  const link = page.getByRole('textbox', { name: 'Link' });
  await expect(link).toHaveValue(/\/signup\?ref=LEARNER1$/);
  const friends = page.getByRole('region', { name: 'Friends who joined' }).getByRole('listitem');
  const before = await friends.count();
  expect(before).toBeGreaterThanOrEqual(2);
  await checkPage(page, 'growth-refer-a-friend');

  // Keyboard: from the link field, Tab reaches Copy; Enter copies and the result is announced.
  await link.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Copy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();

  // A friend opens the link in their own browser: the form carries the code and names the referrer.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto('/signup?ref=LEARNER1');
  await expect(friend.getByLabel('Referral code (optional)')).toHaveValue('LEARNER1');
  await expect(friend.getByText('Invited by Lea')).toBeVisible();
  await checkPage(friend, 'growth-signup-with-code');
  await friend.getByLabel('Full name').fill('Finn Friend');
  await friend.getByLabel('Email').fill(`finn-${Date.now()}@example.com`);
  await friend.getByLabel('Password').fill(PASSWORD);
  await friend.getByRole('button', { name: 'Sign up' }).click();
  await expect(friend).toHaveURL(/\/onboarding\/goal$/);
  await friendContext.close();

  await page.reload();
  await expect(friends).toHaveCount(before + 1);
  await expect(friends.first()).toContainText('Finn');
  await expect(friends.first()).toContainText('$10.00 waiting');
});

test('a mistyped referral code is refused on the form', async ({ page }) => {
  await page.goto('/signup?ref=NOSUCH99');
  await expect(page.getByText('We do not know this code')).toBeVisible();
  await page.getByLabel('Full name').fill('Tess Typo');
  await page.getByLabel('Email').fill(`typo-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('This referral code does not exist.')).toBeVisible();
  await expect(page).toHaveURL(/\/signup/);
});

test('the administrator reads revenue from the ledger; a learner is refused', async ({ browser, page }) => {
  await logInAs(page, 'admin@coderoom.dev', DEMO_PASSWORD, '/admin/revenue');
  await expect(page.getByRole('heading', { name: 'Revenue', level: 1 })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Now and the last 30 days' });
  // The seed's checkouts: MRR is a dollar figure above zero; four paid plans are active.
  await expect(figures.getByText('Monthly recurring revenue')).toBeVisible();
  await expect(figures.locator('dd').first()).toHaveText(/^\$[1-9][\d,]*\.\d\d$/);
  const plans = page.getByRole('region', { name: 'Active subscriptions by plan' });
  // The seed's paid plans each have a row: 300-12-6000 (subscriber@ and Ana), 200-12-6000 and 400-1-6000.
  // Journeys that ran before this one on the same server may have bought other plans: no exact count.
  for (const planKey of ['300-12-6000', '200-12-6000', '400-1-6000']) {
    await expect(plans.getByRole('rowheader', { name: new RegExp(planKey) })).toHaveCount(1);
  }
  await expect(page.getByRole('region', { name: 'Trials and churn' })).toContainText('Customers lost since');
  await checkPage(page, 'growth-admin-revenue');

  const learner = await (await browser.newContext()).newPage();
  await logInAs(learner, 'learner@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  await learner.goto('/admin/revenue');
  await expect(learner.getByRole('alert')).toContainText('Only an administrator can see revenue.');
});

test('the demo affiliate sees the sale their link brought', async ({ page }) => {
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/learn/home');
  const me = (await (await page.request.get('/api/user/info')).json()) as { user_id: number };
  await page.goto(`/affiliate/${me.user_id}/sales`);
  await expect(page.getByRole('heading', { name: 'Affiliate sales', level: 1 })).toBeVisible();
  const sales = page.getByRole('region', { name: 'Sales' }).getByRole('row');
  await expect(sales).toHaveCount(2);
  await expect(sales.nth(1)).toContainText('Standard Annual');
  await checkPage(page, 'growth-affiliate-sales');
  // Another learner may not read them.
  await page.goto(`/affiliate/${me.user_id + 1}/sales`);
  await expect(page.getByRole('alert')).toBeVisible();
});

test("a visitor who leaves a rendered landing page before the app has run keeps the campaign's attribution", async ({
  browser,
}) => {
  // A page of its own: the journeys' `page` waits for the app after each goto (fixtures.ts), and here the
  // app must never run on the landing page.
  const page = await (await browser.newContext()).newPage();
  // The landing page arrives rendered by the server; its app code is held back, as on a slow phone when the
  // visitor follows a link at once.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/?utm_source=rendered-landing&utm_campaign=before-the-app');
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await page.evaluate(() => window.localStorage.getItem('utm'))).toBeNull();
  await page.unroute('**/assets/*.js');

  // The next page has no query; the app there adds what the rendered page kept.
  await page.goto('/explore');
  await expect
    .poll(async () => page.evaluate(() => JSON.parse(window.localStorage.getItem('utm') ?? 'null')))
    .toEqual({ utm_source: 'rendered-landing', utm_campaign: 'before-the-app' });
  expect(await page.evaluate(() => window.localStorage.getItem('pending_landing'))).toBeNull();
});
