import type { AssignmentsResponse, OrganizationMembersResponse, UserInfo } from '@coderoom/contracts';
import { startFakeConfluence } from '../../apps/server/src/test/fakeConfluence';
import { startFakeSlack } from '../../apps/server/src/test/fakeSlack';
import { apiCall } from './a11y';
import { expect, test } from './fixtures';
import { logInInNewContext } from './helpers';
import { checkScreen } from './screens';

// Slack and Confluence for Acme Robotics (the seeded organization). Both outside services are real HTTP
// servers on 127.0.0.1 started by this test: the fake Slack on the port the server's SLACK_API_URL names
// (playwright.config.ts), the fake Confluence at whatever address the admin types.

const PORT = Number(process.env.E2E_PORT ?? 3210);

test('Confluence: the admin connects a site and imports a space into a private course', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const confluence = await startFakeConfluence({
    email: 'wiki-admin@acme-robotics.test',
    apiToken: 'e2e-confluence-token',
    spaces: [
      {
        key: 'ROBO',
        name: 'Robot handbook',
        pages: [
          {
            id: '501',
            title: 'Safety first',
            storage:
              '<h2>Before you start</h2><p>Switch the arm <strong>off</strong>.</p>' +
              '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python</ac:parameter>' +
              '<ac:plain-text-body><![CDATA[arm.power_off()]]></ac:plain-text-body></ac:structured-macro>',
          },
          {
            id: '502',
            title: 'Calibration',
            storage: '<ol><li>Home the axes</li><li>Check the gripper</li></ol>',
          },
          { id: '503', title: 'Troubleshooting', storage: '<p>Restart the controller.</p>' },
        ],
      },
    ],
  });
  try {
    const admin = await logInInNewContext(browser, 'orgadmin@coderoom.dev', '/learn/home');
    await admin.goto('/enterprise-dashboard/confluence-integration');
    await expect(admin.getByRole('heading', { level: 1, name: 'Confluence import' })).toBeVisible();
    await admin.getByLabel('Site address').fill(confluence.baseUrl);
    await admin.getByLabel('Atlassian account e-mail').fill('wiki-admin@acme-robotics.test');
    await admin.getByLabel('API token').fill('e2e-confluence-token');
    await admin.getByRole('button', { name: 'Connect Confluence' }).click();
    await expect(admin.getByText('Confluence is connected.')).toBeVisible();
    await expect(admin.getByText('A token is saved; leave empty to keep it.')).toBeVisible();
    await admin.getByRole('button', { name: 'Load spaces' }).click();
    await expect(admin.getByLabel('Space', { exact: true })).toHaveValue('ROBO');
    await admin.getByLabel('Course title').fill('Robot handbook (imported)');
    await admin.getByRole('button', { name: 'Import space' }).click();
    await expect(admin.getByText('Imported 3 pages into a private course.')).toBeVisible({ timeout: 30_000 });
    await checkScreen(admin, 'confluence-integration', async () => {
      await expect(admin.getByRole('heading', { name: 'Your imports' })).toBeVisible();
    });

    await admin.getByRole('link', { name: 'Open the course' }).first().click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Robot handbook (imported)' })).toBeVisible();
    await expect(admin.getByRole('link', { name: /Safety first/ }).first()).toBeVisible();
    // Private: the member of the same organization is told it does not exist.
    const course = new URL(admin.url()).pathname;
    const member = await logInInNewContext(browser, 'member@coderoom.dev', '/learn/home');
    const refused = await member.request.get(`/api/reader${course}`);
    expect(refused.status()).toBe(404);
  } finally {
    await confluence.close();
  }
});

test('Slack: the admin connects the workspace, the member links and gets a DM, then unlinks', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const slack = await startFakeSlack({
    clientId: 'e2e.slack',
    clientSecret: 'e2e-slack-secret',
    port: PORT + 7,
  });
  try {
    const admin = await logInInNewContext(browser, 'orgadmin@coderoom.dev', '/learn/home');
    slack.as({ userId: 'U0ORGADMIN', teamId: 'T0ACME', teamName: 'Acme Robotics Slack' });
    await admin.goto('/enterprise-dashboard/single-sign-on');
    await admin.getByRole('button', { name: 'Connect Slack' }).click();
    await expect(admin.getByText('Slack is connected.')).toBeVisible();
    await expect(admin.getByText(/Connected to Acme Robotics Slack/)).toBeVisible();
    await checkScreen(admin, 'slack-settings', async () => {
      await expect(admin.getByRole('heading', { name: 'Slack' })).toBeVisible();
    });

    const member = await logInInNewContext(browser, 'member@coderoom.dev', '/learn/home');
    slack.as({ userId: 'U0MEMBER', teamId: 'T0ACME', teamName: 'Acme Robotics Slack' });
    await member.goto('/settings#integrations');
    await member.getByRole('button', { name: 'Link Slack account' }).click();
    await expect(member.getByText('Your Slack account is linked.')).toBeVisible();
    await expect(member.getByRole('button', { name: 'Unlink Slack' })).toBeVisible();
    await checkScreen(member, 'slack-link', async () => {
      await expect(member.getByRole('heading', { name: 'Slack' })).toBeVisible();
    });

    // The admin moves the member's due date: a direct message from the app reaches the member in Slack.
    const info = await apiCall<UserInfo>(admin, 'GET', '/api/user/info');
    const organizationId = info.enterprise.active_organization_id ?? 0;
    const { members } = await apiCall<OrganizationMembersResponse>(
      admin,
      'GET',
      `/api/organization/${organizationId}/users`,
    );
    const memberId = members.find((entry) => entry.email === 'member@coderoom.dev')?.member_id ?? 0;
    const { assignments } = await apiCall<AssignmentsResponse>(
      admin,
      'GET',
      `/api/organization/${organizationId}/assigned-courses?member_id=${memberId}`,
    );
    const assignment = assignments[0];
    expect(assignment).toBeDefined();
    await apiCall(admin, 'PUT', `/api/organization/${organizationId}/update-completion-date`, {
      assignment_id: assignment?.assignment_id,
      due_date: new Date(Date.now() + 21 * 86_400_000).toISOString(),
    });
    await expect
      .poll(() =>
        slack.calls.filter((call) => call.method === 'chat.postMessage').map((call) => call.params.channel),
      )
      .toContain('U0MEMBER');

    await member.getByRole('button', { name: 'Unlink Slack' }).click();
    await expect(member.getByRole('button', { name: 'Link Slack account' })).toBeVisible();
    // Leave the shared server as it was: the workspace disconnected.
    await admin.getByRole('button', { name: 'Disconnect Slack' }).click();
    await expect(admin.getByRole('button', { name: 'Connect Slack' })).toBeVisible();
  } finally {
    await slack.close();
  }
});
