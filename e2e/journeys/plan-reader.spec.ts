import { expect, type Page, test } from './fixtures';
import { logInInNewContext } from './helpers';
import { checkScreen } from './screens';

// The plan reader (docs/organizations.md "Plan reader"; spec 000 §2's /plan/… routes) through Acme Robotics:
// the admin writes a plan of two pages (a text-only welcome, then a week with TypeScript Essentials), with
// Markdown page text, publishes and assigns it to the member; the member opens it from /learn/assigned,
// reads it page by page, completes a lesson of the page's course and sees the page's and the plan's
// progress move; the mentor (manager@) reads the same page with the mentee's progress; a member without the
// plan, from outside the organization, finds nothing. Every screen at 1280 and 390 px with axe.

const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

async function percentOf(page: Page, label: string) {
  const bar = page.getByRole('progressbar', { name: label, exact: true });
  await expect(bar).toBeVisible();
  return Number(await bar.getAttribute('value'));
}

test('a member reads an assigned plan page by page with progress; the mentor follows; outsiders find nothing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Dashboard onboarding ${Date.now().toString(36)}`;

  // The admin writes the plan: a welcome page with text only, then a week with a course.
  const admin = await logInInNewContext(browser, 'orgadmin@coderoom.dev', '/learn/home');
  await admin.goto('/onboarding/plans');
  await admin.getByLabel('Plan title').fill(title);
  await admin.getByRole('button', { name: 'Create plan' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await admin.getByRole('button', { name: 'Add module' }).click();
  await admin.getByLabel('Module 1 title').fill('Welcome');
  await admin
    .getByLabel('Module 1 page text')
    .fill('Hello from the **fleet team**.\n\n- read both pages\n- ask your mentor');
  await admin.getByRole('button', { name: 'Add module' }).click();
  await admin.getByLabel('Module 2 title').fill('Week 1: the dashboards');
  await admin.getByLabel('Module 2 page text').fill('Take the course below, then ship a *small fix*.');
  await admin.getByLabel('Add a course or path').nth(1).selectOption({ label: 'TypeScript Essentials' });
  await admin.getByRole('button', { name: 'Add to module' }).nth(1).click();
  await expect(admin.getByRole('button', { name: /^TypeScript Essentials/ })).toBeVisible();
  await admin.getByRole('button', { name: 'Save and publish' }).click();
  await expect(admin.getByText('Saved and published.')).toBeVisible();
  await admin.getByLabel('Assign to').selectOption({ label: 'Mia Member' });
  await admin.getByLabel('Due date').fill(inTwoWeeks());
  await admin.getByRole('button', { name: 'Assign plan' }).click();
  await expect(admin.getByText(`${title} assigned to 1 person.`)).toBeVisible();

  // The member opens it from /learn/assigned, in the reader.
  const member = await logInInNewContext(browser, 'member@coderoom.dev', '/learn/home');
  await member.goto('/learn/assigned');
  await member.getByRole('link', { name: title }).click();
  await member.getByRole('link', { name: 'Read the plan page by page' }).click();
  await expect(member).toHaveURL(/\/plan\/\d+\/\d+$/);
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const outlineUrl = member.url();
  await checkScreen(member, 'plan-reader-outline', async () => {
    await expect(member.getByRole('link', { name: 'Start the plan' })).toBeVisible();
  });
  await member.getByRole('link', { name: 'Start the plan' }).click();
  await expect(member).toHaveURL(/\/plan\/page\/\d+\/\d+\/1$/);
  await expect(member.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expect(member.locator('.plan-reader-body strong')).toHaveText('fleet team');
  await checkScreen(member, 'plan-reader-page', async () => {
    await expect(member.getByText('Page 1 of 2')).toBeVisible();
  });

  // Page 2, its course, one lesson completed: the page's and the plan's progress move.
  await member.getByRole('link', { name: 'Week 1: the dashboards →' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Week 1: the dashboards' })).toBeVisible();
  const pageUrl = member.url();
  const pageBefore = await percentOf(member, 'Week 1: the dashboards progress');
  const planBefore = await percentOf(member, 'Plan progress');
  await member.getByRole('link', { name: 'TypeScript Essentials' }).click();
  await member
    .getByRole('link', { name: /Start learning|Continue learning/ })
    .first()
    .click();
  await member.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(member.getByRole('button', { name: '✓ Completed' })).toBeVisible();
  await member.goto(pageUrl);
  await expect
    .poll(() => percentOf(member, 'Week 1: the dashboards progress'), { timeout: 10_000 })
    .toBeGreaterThan(pageBefore);
  await expect.poll(() => percentOf(member, 'Plan progress')).toBeGreaterThan(planBefore);
  const planAfter = await percentOf(member, 'Plan progress');
  await member.getByRole('link', { name: '← Welcome' }).click();
  await expect(member.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();

  // The mentor reads the same page with the mentee's progress, from the mentor dashboard.
  const mentor = await logInInNewContext(browser, 'manager@coderoom.dev', '/learn/home');
  await mentor.goto('/onboarding/dashboard');
  await mentor.getByRole('link', { name: title }).click();
  await expect(mentor).toHaveURL(/\/plan\/\d+\/\d+\/mentee\/\d+$/);
  await expect(mentor.getByText("Reading as member@coderoom.dev's mentor")).toBeVisible();
  expect(await percentOf(mentor, 'Plan progress')).toBe(planAfter);
  await mentor.getByRole('link', { name: 'Week 1: the dashboards' }).first().click();
  await expect(mentor).toHaveURL(/\/plan\/page\/\d+\/\d+\/2\/mentee\/\d+$/);
  await checkScreen(mentor, 'plan-reader-mentee', async () => {
    await expect(mentor.getByRole('heading', { level: 1, name: 'Week 1: the dashboards' })).toBeVisible();
  });

  // The admin previews it (no progress); someone outside the organization gets the not-found page.
  await admin.goto(outlineUrl);
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.getByText('Preview', { exact: true })).toBeVisible();
  await expect(admin.getByRole('progressbar', { name: 'Plan progress' })).toHaveCount(0);
  const learner = await logInInNewContext(browser, 'learner@coderoom.dev', '/learn/home');
  await learner.goto(outlineUrl);
  await expect(learner.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
});
