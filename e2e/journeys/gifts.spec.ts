import { blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { signUpLearner } from './helpers';
import { shot } from './shot';

// Gifts and team purchases (docs/commerce.md "Gifts, reactivation, certificates, seats and enterprise
// purchases"): a learner buys a plan as a gift with 4242…, the receiver redeems the code and has the plan;
// a buyer creates a team organization from the business tiles and adds seats to it. 1280 and 390 px, axe.

const PASSWORD = 'Gift!2026pass';

async function expectAxeClean(page: Page) {
  expect(await blockingViolations(page)).toEqual([]);
  await expect(page.locator('h1')).toHaveCount(1);
}

async function bothWidths(page: Page, name: string) {
  await shot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-phone`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function fill4242(page: Page, name: string) {
  await page.getByLabel('Name on card').fill(name);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

async function payWith4242(page: Page, name: string, amount: string) {
  await fill4242(page, name);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?payment=pay_/);
}

test('a learner gives a plan; the receiver redeems the code and has the plan', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Gina Giver', 'giver', PASSWORD);

  // From the plans page to the gift tiles, then the premium annual gift.
  await page.goto('/unlimited');
  await page.getByRole('link', { name: 'Give a plan as a gift' }).click();
  await expect(page).toHaveURL(/\/checkout\/gift$/);
  await expect(page.getByRole('heading', { name: 'Choose your plan', level: 1 })).toBeVisible();
  await page.goto('/checkout/gift?plan=300-12-6000');
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('Premium Annual, gift');
  await expect(order.locator('.order-total')).toHaveText('$352.80');
  // Paying without the receiver's address is refused beside the field.
  await fill4242(page, 'Gina Giver');
  await page.getByRole('button', { name: 'Pay $352.80' }).click();
  await expect(page.getByLabel('Receiver’s e-mail address')).toHaveAccessibleDescription(
    'Enter the e-mail address of the person you are giving this plan to.',
  );
  const receiverEmail = `receiver-${Date.now()}@example.com`;
  await page.getByLabel('Receiver’s e-mail address').fill(receiverEmail);
  await expectAxeClean(page);
  await bothWidths(page, 'gift-checkout');
  await page.getByRole('button', { name: 'Pay $352.80' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?payment=pay_/);
  const receipt = page.getByRole('region', { name: 'Thank you, your order is complete' });
  await expect(receipt).toContainText(`Gift for${receiverEmail}`);
  await expectAxeClean(page);
  await bothWidths(page, 'gift-confirmation');

  // The code (e-mailed to the receiver by the worker) is also the buyer's to see until it is redeemed.
  const gifts = (await (await page.request.get('/api/commerce/gifts')).json()) as {
    gifts: Array<{ code: string; receiver_email: string }>;
  };
  const code = gifts.gifts.find((gift) => gift.receiver_email === receiverEmail)?.code ?? '';
  expect(code).toMatch(/^GIFT-/);

  // The receiver, in their own browser, signs up and redeems it.
  const receiver = await (await browser.newContext()).newPage();
  await receiver.setViewportSize({ width: 1280, height: 800 });
  await receiver.goto(`/redeem-gift?code=${code}`);
  await expect(receiver.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expectAxeClean(receiver);
  await signUpLearner(receiver, 'Rico Receiver', 'receiver', PASSWORD);
  await receiver.goto(`/redeem-gift?code=${code}`);
  await expect(receiver.getByRole('textbox', { name: 'Gift code' })).toHaveValue(code);
  await expectAxeClean(receiver);
  await bothWidths(receiver, 'gift-redeem');
  await receiver.getByRole('button', { name: 'Redeem gift' }).click();
  await expect(receiver.getByRole('heading', { name: 'Your gift is redeemed', level: 1 })).toBeVisible();
  await expectAxeClean(receiver);
  await bothWidths(receiver, 'gift-redeemed');
  await receiver.goto('/settings/billing');
  await expect(receiver.getByText('Premium Annual').first()).toBeVisible();

  // A second redemption of the same code is refused.
  await receiver.goto(`/redeem-gift?code=${code}`);
  await receiver.getByRole('button', { name: 'Redeem gift' }).click();
  await expect(receiver.getByRole('textbox', { name: 'Gift code' })).toHaveAccessibleDescription(
    'This gift code has already been redeemed.',
  );
  await receiver.context().close();
});

test('a buyer creates a team from the business tiles and adds seats to it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Tess Team', 'teambuyer', PASSWORD);
  await page.goto('/checkout/team_buy');
  await expect(
    page.getByRole('heading', { name: 'Plans for teams and enterprises', level: 1 }),
  ).toBeVisible();
  await expectAxeClean(page);
  await bothWidths(page, 'business-tiles');
  await page
    .getByRole('link', { name: /Buy for my team/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout\/enterprise_buy\?plan=\d+-12-6003&seats=5$/);
  await page.getByLabel('Company name').fill(`Tessellate ${Date.now()}`);
  await page.getByLabel('Seats').fill('3');
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('3 seats');
  const total = (await order.locator('.order-total').textContent()) ?? '';
  await expectAxeClean(page);
  await bothWidths(page, 'enterprise-checkout');
  await payWith4242(page, 'Tess Team', total);
  await expect(page.getByRole('region', { name: 'Thank you, your order is complete' })).toContainText(
    'Seats3',
  );
  const paymentId = new URL(page.url()).searchParams.get('payment') ?? '';
  const payment = (await (await page.request.get(`/api/commerce/payments/${paymentId}`)).json()) as {
    organization_subscription_id: number;
  };

  // The new admin adds two seats, charged for the time left of the term.
  await page.goto(`/checkout/team_seats?subscription_id=${payment.organization_subscription_id}&seats=2`);
  await expect(order).toContainText('2 seats');
  await expect(order).toContainText('Part of the term already used');
  const seatsTotal = (await order.locator('.order-total').textContent()) ?? '';
  await expectAxeClean(page);
  await bothWidths(page, 'seats-checkout');
  await payWith4242(page, 'Tess Team', seatsTotal);
  await expect(page.getByRole('region', { name: 'Thank you, your order is complete' })).toContainText(
    'Seats2',
  );
});
