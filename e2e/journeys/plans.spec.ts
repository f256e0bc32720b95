import { expect, type Page, test } from './fixtures';
import { logInInNewContext } from './helpers';
import { checkScreen } from './screens';

// Issue 16's plans and mentors through Acme Robotics (the seeded organization): the admin creates a plan
// with the Python course (a module added by its keyboard shortcut), publishes it and assigns it to the
// member with a due date; the member finds it on /learn/assigned, completes a lesson and sees the plan's
// progress move; the mentor (manager@) sees the mentee's progress on the mentor dashboard and leaves
// feedback; the member gets the feedback notification and reads it on the plan page. Every screen is shot
// at 1280 and 390 px and checked with axe.

const inThreeWeeks = () => new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);

/** The percent a progress bar's neighbour shows, as a number. */
async function percentOf(page: Page, label: string) {
  const bar = page.getByRole('progressbar', { name: label, exact: true });
  await expect(bar).toBeVisible();
  return Number(await bar.getAttribute('value'));
}

test('an admin plans Python for the member; the member learns; the mentor follows and gives feedback', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Robot arm basics ${Date.now().toString(36)}`;

  // The admin: a new onboarding plan, one module added with Alt+Shift+M, Python in it, published.
  const admin = await logInInNewContext(browser, 'orgadmin@coderoom.dev', '/learn/home');
  await admin.goto('/onboarding/plans');
  await expect(admin.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Acme onboarding: your first two weeks' })).toBeVisible();
  await checkScreen(admin, 'plans-board', async () => {
    await expect(admin.getByRole('heading', { level: 2, name: 'New plan' })).toBeVisible();
  });
  await admin.getByLabel('Plan title').fill(title);
  await admin.getByRole('button', { name: 'Create plan' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await admin.keyboard.press('Alt+Shift+M');
  await expect(admin.getByLabel('Module 1 title')).toHaveValue('Module 1');
  await admin.getByLabel('Module 1 title').fill('Week 1: the arm controller');
  await admin.getByLabel('Add a course or path').selectOption({ label: 'Python in Practice' });
  await admin.getByRole('button', { name: 'Add to module' }).click();
  await expect(admin.getByRole('button', { name: /^Python in Practice/ })).toBeVisible();
  await admin.getByRole('button', { name: 'Save and publish' }).click();
  await expect(admin.getByText('Saved and published.')).toBeVisible();

  // Assigned to the member, due in three weeks.
  await admin.getByLabel('Assign to').selectOption({ label: 'Mia Member' });
  await admin.getByLabel('Due date').fill(inThreeWeeks());
  await admin.getByRole('button', { name: 'Assign plan' }).click();
  await expect(admin.getByText(`${title} assigned to 1 person.`)).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'member@coderoom.dev' })).toBeVisible();
  await checkScreen(admin, 'plans-editor', async () => {
    await expect(admin.getByRole('heading', { level: 2, name: 'Assign this plan' })).toBeVisible();
  });

  // The member: the plan on /learn/assigned, then its page.
  const member = await logInInNewContext(browser, 'member@coderoom.dev', '/learn/home');
  await member.goto('/learn/assigned');
  const planLink = member.getByRole('link', { name: title });
  await expect(planLink).toBeVisible();
  await checkScreen(member, 'plans-learn-assigned', async () => {
    await expect(member.getByRole('heading', { level: 2, name: 'Plans' })).toBeVisible();
  });
  await planLink.click();
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const before = await percentOf(member, `${title} progress`);
  const planUrl = member.url();
  await checkScreen(member, 'plans-plan-page', async () => {
    await expect(member.getByRole('heading', { level: 2, name: 'Week 1: the arm controller' })).toBeVisible();
  });

  // A lesson of Python completed: the plan's progress moves.
  await member.getByRole('link', { name: 'Python in Practice' }).click();
  await member
    .getByRole('link', { name: /Start learning|Continue learning/ })
    .first()
    .click();
  await member.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(member.getByRole('button', { name: '✓ Completed' })).toBeVisible();
  await member.goto(planUrl);
  await expect
    .poll(() => percentOf(member, `${title} progress`), { timeout: 10_000 })
    .toBeGreaterThan(before);

  // The mentor: the mentee's plan with its progress, and feedback on it.
  const mentor = await logInInNewContext(browser, 'manager@coderoom.dev', '/learn/home');
  await mentor.goto('/onboarding/dashboard');
  await expect(mentor.getByRole('heading', { level: 2, name: 'Mia Member' })).toBeVisible();
  const row = mentor.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^[1-9]\d*%$/)).toBeVisible();
  await mentor.getByLabel('About').selectOption({ label: title });
  await mentor.getByLabel('Feedback', { exact: true }).fill('Nice first lesson. Try the loops chapter next.');
  await mentor.getByRole('button', { name: 'Send feedback' }).click();
  await expect(mentor.getByText('Feedback sent to Mia Member.')).toBeVisible();
  await checkScreen(mentor, 'plans-mentor-dashboard', async () => {
    await expect(mentor.getByRole('heading', { level: 1, name: 'Mentor dashboard' })).toBeVisible();
  });

  // The member: the notification, and the feedback on the plan page.
  await member.goto('/notifications');
  const notice = member.getByRole('link', { name: `Manu Manager left feedback on ${title}` });
  await expect(notice).toBeVisible();
  await checkScreen(member, 'plans-notifications', async () => {
    await expect(notice).toBeVisible();
  });
  await notice.click();
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(member.getByText('Nice first lesson. Try the loops chapter next.')).toBeVisible();

  // The onboarding landing by role: the member lands on their plans.
  await member.goto('/onboarding');
  await expect(member).toHaveURL(/\/onboarding\/assigned-plans$/);
  await expect(member.getByRole('link', { name: title })).toBeVisible();
});
