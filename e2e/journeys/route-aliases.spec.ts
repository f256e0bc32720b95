import { apiCall } from './a11y';
import { expect, test } from './fixtures';
import { logInInNewContext, signUpLearner } from './helpers';
import { checkScreen } from './screens';

// Old route shapes (spec 001 §2 table, 000 §2): an enterprise user with the new-navigation setting is sent
// from the old shape to the new one with the query kept; with the setting off the old shape stays a 404.
// A fresh learner joins Acme Robotics so the demo accounts' navigation (and other journeys) stay as seeded.

test('an enterprise user with the new navigation is sent from old routes to new ones, query kept', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await signUpLearner(page, 'Ola Oldroutes', 'org-aliases', 'Aliases!2026');

  // The admin adds the learner to the organization (the asynchronous add, polled until done).
  const admin = await logInInNewContext(browser, 'orgadmin@coderoom.dev', '/learn/home');
  const info = await apiCall<{ enterprise: { active_organization_id: number } }>(
    admin,
    'GET',
    '/api/user/info',
  );
  const organizationId = info.enterprise.active_organization_id;
  const started = await apiCall<{ operation_id: number }>(
    admin,
    'PUT',
    `/api/organization/${organizationId}/users/add`,
    { emails: [email] },
  );
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ state: string }>(
            admin,
            'GET',
            `/api/organization/${organizationId}/operations/${started.operation_id}`,
          )
        ).state,
      { timeout: 30_000 },
    )
    .toBe('done');

  // Without the new navigation the old shape is not redirected.
  await page.goto('/dashboard/progress/saved?sort=recent');
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/progress\/saved\?sort=recent$/);

  await apiCall(page, 'POST', '/api/userdata/enterprise-navigation', { enable_new_nav_b2b: true });
  await page.goto('/dashboard/progress/saved?sort=recent');
  await expect(page).toHaveURL(/\/learn\/saved\?sort=recent$/);
  await page.goto('/dashboard/progress/assigned?from=mail&week=2');
  await expect(page).toHaveURL(/\/learn\/assigned\?from=mail&week=2$/);
  await checkScreen(page, 'route-alias-assigned', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  // An alias whose new page the app does not have stays a 404 where it is.
  await page.goto('/create/assessments?x=1');
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
  await expect(page).toHaveURL(/\/create\/assessments\?x=1$/);

  // The admin, with the setting, goes from the old management pages to the enterprise dashboard.
  await apiCall(admin, 'POST', '/api/userdata/enterprise-navigation', { enable_new_nav_b2b: true });
  await admin.goto('/manage/track-progress?member=all');
  await expect(admin).toHaveURL(/\/enterprise-dashboard\/track-progress\?member=all$/);
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  // The demo admin's setting is put back for the other journeys.
  await apiCall(admin, 'POST', '/api/userdata/enterprise-navigation', { enable_new_nav_b2b: false });
});
