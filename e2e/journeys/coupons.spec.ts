import { blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { signUpLearner } from './helpers';
import { shot } from './shot';

// Coupons (docs/commerce.md "Coupons"): the site coupon's banner on discovery pages (not at checkout), its
// link to the coupon purchase, an unknown code refused beside the field, the site coupon applied by hand,
// 4242… charged the discounted total, and the receipt showing the discount.

const PASSWORD = 'Coupon!2026pass';
// Premium annual (300-12-6000): $352.80; ANNUAL20 takes 20 % off, $70.56.
const PRICE = '$352.80';
const DISCOUNT = '-$70.56';
const TOTAL = '$282.24';

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
  if (overflow > 0) {
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter(
          (element) =>
            !element.closest('.table-scroll') &&
            element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
        )
        .slice(0, 8)
        .map(
          (element) =>
            `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
        ),
    );
    console.log('WIDE', wide);
  }
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a learner sees the site coupon, applies it at checkout, pays the discounted total and sees it on the receipt', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Cora Coupon', 'coupon', PASSWORD);

  // The banner shows on a discovery page…
  await page.goto('/explore');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const banner = page.getByRole('complementary', { name: 'Offer' });
  await expect(banner).toContainText('Save 20% on your first year of any annual plan with code ANNUAL20.');
  await expectAxeClean(page);
  await bothWidths(page, '76-site-coupon-banner');

  // …and its link opens the coupon purchase with the coupon applied, where the banner is hidden.
  await banner.getByRole('link', { name: 'Use code ANNUAL20' }).click();
  await expect(page).toHaveURL(/\/checkout\/coupon_purchase\?plan=300-12-6000&action_id=ANNUAL20$/);
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('Coupon ANNUAL20');
  await expect(order).toContainText(TOTAL);
  await expect(page.getByRole('complementary', { name: 'Offer' })).toHaveCount(0);

  // The plain checkout: a wrong code is refused beside the field, the site coupon is applied by hand.
  await page.goto('/checkout/subscription_buy?plan=300-12-6000');
  await expect(order.getByText(PRICE).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Pay ${PRICE}` })).toBeVisible();
  await page.getByLabel('Coupon code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Coupon code')).toHaveAccessibleDescription(
    'This coupon code does not exist.',
  );
  await expect(page.getByRole('button', { name: `Pay ${PRICE}` })).toBeVisible();
  await page.getByLabel('Coupon code').fill('annual20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(order.getByRole('status')).toContainText('Coupon ANNUAL20 applied');
  await expect(order).toContainText(DISCOUNT);
  await expect(order.locator('.order-total')).toHaveText(TOTAL);
  await expectAxeClean(page);
  await bothWidths(page, '77-checkout-coupon');

  // 4242 pays the discounted total; the receipt shows the coupon.
  await page.getByLabel('Name on card').fill('Cora Coupon');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: `Pay ${TOTAL}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?payment=pay_/);
  const receipt = page.getByRole('region', { name: 'Thank you, your order is complete' });
  await expect(receipt).toContainText('Coupon ANNUAL20');
  await expect(receipt).toContainText(DISCOUNT);
  await expect(receipt).toContainText(`Paid${TOTAL}`);
  await expectAxeClean(page);
  await bothWidths(page, '78-receipt-coupon');

  // A subscriber is not offered the site coupon any more.
  await page.goto('/unlimited');
  await expect(page.getByRole('heading', { name: 'Coderoom Unlimited', level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Offer' })).toHaveCount(0);
});
