import type { CourseHome, FeaturedItemsResponse } from '@coderoom/contracts';
import { apiCall, blockingViolations } from './a11y';
import { expect, type Page, test } from './fixtures';
import { signUpLearner } from './helpers';
import { shot } from './shot';

// Commerce (docs/commerce.md): a new learner meets a priced lesson, is offered the plan, is declined with
// 4000…0002, pays with 4242…, lands on the order confirmation and reads the lesson; then buys a premium
// course with a 3-D Secure card through its confirmation step.

const PASSWORD = 'Payer!2026pass';

/** A course's third lesson (the first two are previews), by the course's title words. */
async function lockedLessonOf(page: Page, search: string): Promise<string> {
  const found = await apiCall<FeaturedItemsResponse>(
    page,
    'GET',
    `/api/reader/featured_items?search_string=${encodeURIComponent(search)}&only_courses=true`,
  );
  const course = found.items[0];
  if (!course) throw new Error(`no course for ${search}`);
  const home = await apiCall<CourseHome>(
    page,
    'GET',
    `/api/reader/collection/${course.author_id}/${course.collection_id}`,
  );
  const lesson = home.toc.flatMap((category) => category.pages)[2];
  if (!lesson) throw new Error(`${search} has fewer than three lessons`);
  return `/collection/page/${course.author_id}/${course.collection_id}/${lesson.page_id}`;
}

async function expectAxeClean(page: Page) {
  expect(await blockingViolations(page)).toEqual([]);
  await expect(page.locator('h1')).toHaveCount(1);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Pat Payer');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

test('a learner is offered the plan, is declined, pays, reads the lesson, and passes 3-D Secure', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Pat Payer', 'payer', PASSWORD);

  // The pricing page: tiers, terms, monthly price and discount, the comparison.
  await page.goto('/unlimited');
  await expect(page.getByRole('heading', { name: 'Coderoom Unlimited', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Premium', exact: true, level: 3 })).toBeVisible();
  await expect(page.getByText('Save 40%').first()).toBeVisible();
  await expectAxeClean(page);
  await shot(page, '70-unlimited');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '70-unlimited-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A priced lesson is locked and offers the plan that opens it and the course on its own.
  const goLesson = await lockedLessonOf(page, 'go by building');
  await page.goto(goLesson);
  await expect(page.getByRole('heading', { name: 'Unlock this lesson', level: 1 })).toBeVisible();
  const planOffer = page.getByRole('region', { name: /Standard plan, annual/ });
  await expect(planOffer).toContainText('$17.40');
  await expectAxeClean(page);
  await shot(page, '71-priced-lesson-locked');
  await planOffer.getByRole('link', { name: 'Buy Now' }).click();

  // Declined: the message shows and nothing is bought.
  await expect(page).toHaveURL(/\/checkout\/subscription_buy\?plan=200-12-6000/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText('$208.80');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $208.80' }).click();
  const declined = page.getByRole('alert').filter({ hasText: 'Transaction declined...' });
  await expect(declined).toContainText('Your card was declined.');
  await expectAxeClean(page);
  await shot(page, '72-checkout-declined');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '72-checkout-declined-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(goLesson);
  await expect(page.getByRole('heading', { name: 'Unlock this lesson', level: 1 })).toBeVisible();
  await page.goBack();

  // 4242 pays: the order confirmation, then the lesson itself.
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $208.80' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?payment=pay_/);
  const confirmation = page.getByRole('heading', { name: 'Thank you, your order is complete', level: 1 });
  await expect(confirmation).toBeVisible();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expectAxeClean(page);
  await shot(page, '73-order-confirmation');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '73-order-confirmation-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Continue learning' }).click();
  await expect(page).toHaveURL(new RegExp(`${goLesson}$`));
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unlock this lesson' })).toHaveCount(0);

  // The premium C++ course is not in a standard plan: bought on its own with a 3-D Secure card.
  const cppLesson = await lockedLessonOf(page, 'modern c++');
  await page.goto(cppLesson);
  await expect(page.getByRole('heading', { name: 'Unlock this lesson', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Premium plan/ }).getByRole('link')).toHaveText(
    'Upgrade Now',
  );
  await page.getByRole('region', { name: 'Just this course' }).getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/course\?/);
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Pay $29.00' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm this payment with your bank' })).toBeFocused();
  await expectAxeClean(page);
  await shot(page, '74-three-d-secure');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '74-three-d-secure-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is complete' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue learning' }).click();
  await expect(page).toHaveURL(new RegExp(`${cppLesson}$`));
  await expect(page.locator('article h1')).toBeVisible();
});

test('billing settings: the subscription is cancelled and resumed, cards are added, made default and removed, invoices download', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpLearner(page, 'Bea Biller', 'biller', PASSWORD);
  await apiCall(page, 'POST', '/api/commerce/checkout/subscription_buy', {
    plan: '300-1-6000',
    idempotency_key: `billing-journey-${Date.now()}`,
    card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123', name: 'Bea Biller' },
  });

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Billing and subscription' }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(subscription).toContainText('Premium Monthly');
  await expect(subscription).toContainText('Active');
  await expect(subscription).toContainText('Renews on');

  // The billing history lists the charge with a real PDF invoice.
  const history = page.getByRole('region', { name: 'Billing history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history).toContainText('Premium Monthly');
  const invoice = history.getByRole('link', { name: /Download invoice CR-\d+ \(PDF\)/ });
  const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');

  // Cards: the one paid with is the default; a second one is added and made the default.
  const methods = page.getByRole('region', { name: 'Payment methods' });
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(methods.getByRole('listitem').first()).toContainText('Visa ending in 4242');
  await expect(methods.getByRole('listitem').first()).toContainText('Default');
  await methods.getByRole('button', { name: 'Add a card' }).click();
  await fillCard(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(methods.getByText('Your card was saved.')).toBeVisible();
  await expect(methods.getByRole('listitem')).toHaveCount(2);
  await expect(methods.getByRole('listitem').first()).toContainText('Mastercard ending in 4444');
  await expectAxeClean(page);
  await shot(page, '75-billing-settings');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '75-billing-settings-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await methods.getByRole('button', { name: 'Make Mastercard ending in 4444 the default' }).click();
  await expect(methods.getByRole('listitem').first()).toContainText('Default');
  await expect(methods.getByRole('listitem').nth(1)).not.toContainText('Default');

  // Removing the default card warns that the renewal needs it; the other one goes without that warning.
  await methods.getByRole('button', { name: 'Remove Mastercard ending in 4444' }).click();
  const confirmRemove = page.getByRole('dialog', { name: 'Remove Mastercard ending in 4444?' });
  await expect(confirmRemove).toContainText('Once deleted, this payment method cannot be recovered...');
  await expect(confirmRemove).toContainText('Your subscription renews with this card.');
  await expectAxeClean(page);
  await shot(page, '76-remove-card');
  await confirmRemove.getByRole('button', { name: 'Keep card' }).click();
  await methods.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
  const removeOther = page.getByRole('dialog', { name: 'Remove Visa ending in 4242?' });
  await expect(removeOther).not.toContainText('Your subscription renews with this card.');
  await removeOther.getByRole('button', { name: 'Remove card' }).click();
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(methods).not.toContainText('ending in 4242');

  // Cancel, behind a confirmation; then resume.
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirmCancel = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(confirmCancel).toBeVisible();
  await expectAxeClean(page);
  await shot(page, '77-cancel-subscription');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '77-cancel-subscription-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await confirmCancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(subscription).toContainText('Renewal cancelled');
  await expect(subscription).toContainText('Ends on');
  await subscription.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(subscription).toContainText('Active');
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
});
