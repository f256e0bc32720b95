import { PayoutMessages, StudentMessages } from '@coderoom/domain';
import { apiCall, blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { DEMO_PASSWORD, logInAs, logInInNewContext, signUpLearner } from './helpers';
import { DESKTOP, PHONE, sideScroll } from './screens';
import { shot } from './shot';

// The admin refund screen, author payouts and the student plan (docs/commerce.md, docs/growth.md): each
// screen driven through its forms, free of blocking axe violations, at 1280 px and 390 px.

const PASSWORD = 'Payouts!2026pass';

async function checkPage(page: Page, name: string) {
  expect(await blockingViolations(page)).toEqual([]);
  await shot(page, name);
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`);
  expect(await sideScroll(page), `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
}

test('an administrator refunds part of a payment; the learner sees the credit note', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const email = await signUpLearner(page, 'Rita Refund', 'refund', PASSWORD);
  await apiCall(page, 'POST', '/api/commerce/checkout/subscription_buy', {
    plan: '100-1-6000',
    idempotency_key: `refund-journey-${Date.now()}`,
    card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123', name: 'Rita Refund' },
  });

  const admin = await logInInNewContext(browser, 'admin@coderoom.dev', '/admin/refunds');
  await admin.setViewportSize(DESKTOP);
  await expect(admin.getByRole('heading', { name: 'Refunds', level: 1 })).toBeVisible();
  await admin.getByLabel('E-mail address or payment id').fill(email);
  await admin.getByRole('button', { name: 'Find payments' }).click();
  const payments = admin.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(2);
  await payments.getByRole('row').nth(1).getByRole('button').click();
  const ledger = admin.getByRole('table', { name: 'Ledger rows of this payment' });
  await expect(ledger.getByRole('row')).toHaveCount(2);
  await checkPage(admin, 'refunds-payment');

  await admin.getByRole('button', { name: 'Refund…' }).click();
  const form = admin.getByRole('dialog', { name: 'Refund this payment' });
  await form.getByLabel('Amount (USD)').fill('5.00');
  await form.getByLabel('Reason').fill('Goodwill after an outage');
  expect(await blockingViolations(admin)).toEqual([]);
  await shot(admin, 'refunds-dialog');
  await form.getByRole('button', { name: 'Review refund' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Refund $5.00?' });
  await expect(confirm).toContainText(email);
  await expect(confirm).toContainText('Their access stays.');
  expect(await blockingViolations(admin)).toEqual([]);
  await shot(admin, 'refunds-confirm');
  // A double click: the button is busy after the first, and the server carries a request out once.
  await confirm.getByRole('button', { name: 'Refund $5.00' }).dblclick();
  await expect(confirm).toBeHidden();
  await expect(ledger.getByRole('row')).toHaveCount(3);
  await expect(ledger).toContainText('Goodwill after an outage');
  await expect(ledger).toContainText('-$5.00');
  await checkPage(admin, 'refunds-done');

  // The revenue page at phone width: its table scrolls inside its card, the page does not.
  await admin.goto('/admin/revenue');
  await expect(admin.getByText('Monthly recurring revenue')).toBeVisible();
  await checkPage(admin, 'revenue');

  await page.goto('/settings/billing');
  const history = page.getByRole('region', { name: 'Billing history' });
  await expect(history).toContainText(/Refund: Basic Monthly.*[−-]\$5\.00/);
});

test('an author saves a payout token and sees the statements section', async ({ page }) => {
  await logInAs(page, 'author@coderoom.dev', DEMO_PASSWORD, '/teach');
  await page.getByRole('link', { name: 'Payouts and statements' }).click();
  await expect(page).toHaveURL(/\/teach\/payouts$/);
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  await page.getByLabel('Payout provider').selectOption('paypal');
  await page.getByLabel('Token').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /payout method/ }).click();
  await expect(page.getByText(PayoutMessages.LooksLikeAccountNumber)).toBeVisible();
  await page.getByLabel('Token').fill('ABCDEFGH12345');
  await page.getByRole('button', { name: /payout method/ }).click();
  await expect(page.getByText('Payout method saved.')).toBeVisible();
  await expect(page.getByText('••••••••2345')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Monthly statements' })).toBeVisible();
  await checkPage(page, 'author-payouts');
});

test('a student verifies a school address with the mailed code and gets the student plan', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await signUpLearner(page, 'Sam Student', 'student', PASSWORD);
  await page.goto('/github-students');
  const panel = page.getByRole('region', { name: 'Free student plan' });
  await panel.getByLabel('School e-mail address').fill(`sam-${Date.now()}@gmail.com`);
  await panel.getByRole('button', { name: 'Send confirmation code' }).click();
  await expect(panel.getByText(StudentMessages.NotSchoolAddress)).toBeVisible();

  const school = `sam-${Date.now()}@cs.example.edu`;
  await panel.getByLabel('School e-mail address').fill(school);
  await panel.getByRole('button', { name: 'Send confirmation code' }).click();
  await expect(panel.getByText(`We sent a six-digit code to ${school}`)).toBeVisible();
  await checkPage(page, 'students-pending');

  // The code, from the dev mailbox an administrator can read (no SMTP server in this run).
  const admin = await logInInNewContext(browser, 'admin@coderoom.dev', '/admin/mailbox');
  let code = '';
  await expect(async () => {
    const { messages } = await apiCall<{ messages: Array<{ to: string; text: string }> }>(
      admin,
      'GET',
      '/api/admin/mailbox',
    );
    code = /code is (\d{6})/.exec(messages.find((message) => message.to === school)?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 20_000 });

  await panel.getByLabel('Confirmation code').fill(code);
  await panel.getByRole('button', { name: 'Confirm and get the student plan' }).click();
  await expect(panel.getByText(`Verified with ${school}`)).toBeVisible();
  await checkPage(page, 'students-verified');
});
