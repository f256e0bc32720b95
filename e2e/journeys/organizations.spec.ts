import { expect, test } from './fixtures';
import { logInInNewContext, signUpLearner } from './helpers';
import { checkScreen } from './screens';

// Issue 16's journey through Acme Robotics (the seeded organization): the admin adds a user (into the team
// Platform) and creates a team, assigns the Python course with a due date; the member sees it on
// /learn/assigned and completes a lesson; the manager's dashboard shows the progress; the member has the
// notification; the Go course, excluded from the subscription, is refused with the spec's message.
// Every organization screen is shot at 1280 and 390 px and checked with axe.

const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

test('an admin adds a user and a team and assigns Python; the member learns; the manager sees it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const newcomer = await signUpLearner(page, 'Nia Newcomer', 'org-newcomer', 'Newcomer!2026');

  // The admin adds the newcomer to Platform (asynchronous: the form polls until the server is done).
  const admin = await logInInNewContext(browser, 'orgadmin@coderoom.dev', '/learn/home');
  await admin.goto('/enterprise-dashboard/user-management');
  await expect(admin.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
  await admin.getByLabel('E-mail addresses').fill(newcomer);
  await admin.getByLabel('Team (optional)').selectOption({ label: 'Platform' });
  await admin.getByRole('button', { name: 'Add users' }).click();
  await expect(admin.getByText('Success: 1 added.')).toBeVisible({ timeout: 20_000 });
  await expect(admin.getByRole('cell', { name: newcomer, exact: true })).toBeVisible();
  await checkScreen(admin, 'organizations-user-management', async () => {
    await expect(admin.getByRole('cell', { name: newcomer, exact: true })).toBeVisible();
  });

  // A new team.
  await admin.getByRole('link', { name: 'Teams management' }).click();
  await admin.getByLabel('Team name').fill('Robotics');
  await admin.getByRole('checkbox', { name: 'Nia Newcomer' }).check();
  await admin.getByRole('button', { name: 'Create team' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Success' })).toBeVisible({ timeout: 20_000 });
  await expect(admin.getByRole('heading', { level: 3, name: 'Robotics' })).toBeVisible();
  await checkScreen(admin, 'organizations-teams-management', async () => {
    await expect(admin.getByRole('heading', { level: 3, name: 'Robotics' })).toBeVisible();
  });

  // Python, to the team Platform, due in two weeks.
  await admin.getByRole('link', { name: 'Assign courses' }).click();
  await admin.getByLabel('Course or path', { exact: true }).selectOption({ label: 'Python in Practice' });
  await admin.getByLabel('Assign to').selectOption({ label: 'Platform' });
  await admin.getByLabel('Due date').fill(inTwoWeeks());
  await admin.getByRole('button', { name: 'Assign' }).click();
  await expect(admin.getByText(/Python in Practice assigned to \d+ people\./)).toBeVisible();
  await checkScreen(admin, 'organizations-assign-courses', async () => {
    await expect(admin.getByRole('heading', { level: 1, name: 'Assign courses' })).toBeVisible();
  });

  // The member: the assignment with its due date, a lesson completed.
  await page.goto('/learn/assigned');
  const assigned = page.getByRole('link', { name: 'Python in Practice' });
  await expect(assigned).toBeVisible();
  await expect(page.getByText(/^Due /)).toBeVisible();
  await checkScreen(page, 'organizations-learn-assigned', async () => {
    await expect(page.getByRole('link', { name: 'Python in Practice' })).toBeVisible();
  });
  await assigned.click();
  await page
    .getByRole('link', { name: /Start learning|Continue learning/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByRole('button', { name: '✓ Completed' })).toBeVisible();

  // The bell counts the unread notifications; the page lists the assignment.
  await page.goto('/learn/home');
  await expect(page.getByRole('link', { name: /Notifications, \d+ unread/ })).toBeVisible();
  await page.getByRole('link', { name: /Notifications, \d+ unread/ }).click();
  await expect(page.getByRole('link', { name: 'Python in Practice was assigned to you' })).toBeVisible();
  await checkScreen(page, 'organizations-notifications', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  });
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('0 unread')).toBeVisible();

  // The manager's dashboard shows the newcomer's progress on Python.
  const manager = await logInInNewContext(browser, 'manager@coderoom.dev', '/learn/home');
  await manager.goto('/enterprise-dashboard/manager-dashboard');
  const row = manager
    .getByRole('row')
    .filter({ hasText: 'Nia Newcomer' })
    .filter({ hasText: 'Python in Practice' });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^[1-9]\d*%$/)).toBeVisible();
  await checkScreen(manager, 'organizations-manager-dashboard', async () => {
    await expect(manager.getByRole('heading', { level: 1, name: 'Manager dashboard' })).toBeVisible();
  });

  // The Go course is outside Acme's subscription: refused to the member with the spec's message.
  const listing = await (
    await request.get('/api/reader/featured_items?search_string=go&only_courses=true')
  ).json();
  const go = (listing.items as Array<{ slug: string; url: string }>).find(
    (item) => item.slug === 'go-by-building',
  );
  expect(go).toBeDefined();
  await page.goto(go!.url);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This content is not part of your enterprise subscription' }),
  ).toBeVisible();
  await checkScreen(page, 'organizations-not-in-subscription', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
