import { apiCall, blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { logInInNewContext } from './helpers';
import { shot } from './shot';

// The logged-out enterprise purchase (docs/commerce.md "Logged-out enterprise purchase"): a visitor with
// no account picks a team plan from the business tiles, is sent to log in when the address is a verified
// account's (spec 001 §5), pays with 4242… using a new work e-mail, and opens the account from the
// set-password mail as the new organization's admin. 1280 and 390 px, axe.

async function checkPage(page: Page, name: string) {
  expect(await blockingViolations(page)).toEqual([]);
  await expect(page.locator('h1')).toHaveCount(1);
  await shot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-phone`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a visitor buys a team plan without an account and opens it from the mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/unlimited');
  await page.getByRole('link', { name: 'Plans for teams and enterprises' }).click();
  await expect(page).toHaveURL(/\/checkout\/logged_out_enterprise_purchase$/);
  await expect(
    page.getByRole('heading', { name: 'Plans for teams and enterprises', level: 1 }),
  ).toBeVisible();
  await checkPage(page, 'logged-out-business-tiles');
  await page
    .getByRole('link', { name: /Buy for my team/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout\/logged_out_enterprise_purchase\?plan=\d+-12-6003&seats=5$/);
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('for teams, 5 seats');

  const company = `Acme ${Date.now().toString(36)}`;
  await page.getByLabel('Your name').fill('Bea Buyer');
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Seats').fill('3');
  await expect(order).toContainText('for teams, 3 seats');
  await page.getByLabel('Name on card').fill('Bea Buyer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  const total = (await order.locator('.order-total').textContent()) ?? '';
  expect(total).toMatch(/^\$[\d,]+\.\d\d$/);

  // A verified account's address (a demo learner's) is sent to log in (spec 001 §5).
  await page.getByLabel('Work e-mail').fill('learner@coderoom.dev');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByLabel('Work e-mail')).toHaveAccessibleDescription(
    /This email is already verified\. Please log in to buy, or create an account with another work email\./,
  );
  await expect(page.getByRole('link', { name: 'Log in to buy' })).toBeVisible();
  await checkPage(page, 'logged-out-checkout-verified');

  const email = `bea-${Date.now()}@acme-${Date.now().toString(36)}.example.com`;
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase', level: 1 })).toBeVisible();
  const done = page.getByRole('region', { name: `${company} is ready` });
  await expect(done).toContainText(`We charged ${total} to the card ending 4242`);
  await expect(done).toContainText(email);
  await checkPage(page, 'logged-out-purchase-completed');

  // The set-password mail, read from the dev mailbox an administrator can see (no SMTP server here).
  const admin = await logInInNewContext(browser, 'admin@coderoom.dev', '/admin/mailbox');
  let link = '';
  await expect(async () => {
    const { messages } = await apiCall<{ messages: Array<{ to: string; text: string }> }>(
      admin,
      'GET',
      '/api/admin/mailbox',
    );
    link =
      /\/signup-and-reset-password\/[A-Za-z0-9_-]+/.exec(
        messages.find((message) => message.to === email)?.text ?? '',
      )?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 20_000 });
  await admin.context().close();

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Buyer!2026pass');
  await page.getByLabel('Repeat the new password').fill('Buyer!2026pass');
  await page.getByRole('button', { name: 'Save and log in' }).click();
  await expect(page).not.toHaveURL(/signup-and-reset-password/);
  const info = await apiCall<{
    email: string;
    enterprise: { organizations: Array<{ name: string; is_admin: boolean }> };
  }>(page, 'GET', '/api/user/info');
  expect(info.email).toBe(email);
  expect(info.enterprise.organizations).toContainEqual(
    expect.objectContaining({ name: company, is_admin: true }),
  );
});
