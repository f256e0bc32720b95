import { EnterpriseRole, NotificationType, OrganizationErrors, SlackErrors } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.js';
import { buildCourse, buildUser } from '../../test/factories.js';
import { type FakeSlack, startFakeSlack } from '../../test/fakeSlack.js';
import { buildTestApp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { buildOrganization } from './organizations.test-support.js';
import { slackConfigFromEnv } from './slack.config.js';
import { SLACK_MESSAGE_JOB } from './slack.service.js';

// Slack through its real HTTP shapes: the fake Slack is an HTTP server on 127.0.0.1, the app reaches it
// with @slack/web-api, and the browser's part of OAuth (following Slack's redirect back) is played here.

let t: TestApp;
let slack: FakeSlack;
const ACME = { teamId: 'T0ACME', teamName: 'Acme Robotics' };

beforeAll(async () => {
  slack = await startFakeSlack();
  t = await buildTestApp({
    deps: {
      slack: {
        clientId: slack.clientId,
        clientSecret: slack.clientSecret,
        apiUrl: slack.apiUrl,
        authorizeUrl: slack.authorizeUrl,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

async function person() {
  const user = await buildUser(t.database, { fullName: 'Person' });
  const client = new TestClient(t.app);
  expect(
    (await client.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
  ).toBe(200);
  return { user, client, email: user.email.toLowerCase() };
}

async function organization() {
  const admin = await person();
  const manager = await person();
  const member = await person();
  const built = await buildOrganization(t.database, {
    members: [
      { email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      { email: manager.email, userId: manager.user.id, role: EnterpriseRole.Manager },
      { email: member.email, userId: member.user.id, role: EnterpriseRole.Learner },
    ],
  });
  const base = `/api/organization/${built.organizationId}`;
  return { ...built, base, admin, manager, member };
}

/** The browser's part: go to Slack's authorize URL, follow its redirect back to our callback. */
async function roundTrip(browser: TestClient, authorizeUrl: string) {
  const atSlack = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atSlack.status).toBe(302);
  const back = new URL(atSlack.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe('http://localhost:3000/api/slack/oauth/callback');
  const callback = `${back.pathname}${back.search}`;
  const landed = await browser.get(callback);
  expect(landed.statusCode).toBe(303);
  return { callback, location: String(landed.headers.location) };
}

async function connect(org: Awaited<ReturnType<typeof organization>>) {
  slack.as({ userId: 'U0ADMIN', ...ACME });
  const started = await org.admin.client.post(`${org.base}/slack/install`);
  expect(started.statusCode).toBe(200);
  return roundTrip(org.admin.client, started.json().authorize_url);
}

async function link(who: { client: TestClient }, org: { base: string }, slackUserId: string, team = ACME) {
  slack.as({ userId: slackUserId, ...team });
  const started = await who.client.post(`${org.base}/slack/link`);
  expect(started.statusCode).toBe(200);
  return roundTrip(who.client, started.json().authorize_url);
}

/** Direct-message jobs queued for an organization's members. */
const slackJobs = async (organizationId: number) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.kind, SLACK_MESSAGE_JOB))).filter(
    (job) => (job.payload as { organizationId: number }).organizationId === organizationId,
  ).length;

describe('connecting a Slack workspace (admins only)', () => {
  it('installs through OAuth v2; the bot token is kept on the server and never answered', async () => {
    const org = await organization();
    const before = (await org.admin.client.get(`${org.base}/slack`)).json();
    expect(before).toMatchObject({ is_available: true, can_manage: true, workspace: null });

    const started = await org.admin.client.post(`${org.base}/slack/install`);
    const authorize = new URL(started.json().authorize_url);
    expect(authorize.origin + authorize.pathname).toBe(slack.authorizeUrl);
    expect(authorize.searchParams.get('client_id')).toBe(slack.clientId);
    expect(authorize.searchParams.get('scope')).toBe('chat:write,im:write');
    expect(started.body).not.toContain(slack.clientSecret);

    const callsBefore = slack.calls.length;
    slack.as({ userId: 'U0ADMIN', ...ACME });
    const { location, callback } = await roundTrip(org.admin.client, started.json().authorize_url);
    expect(location).toBe('/enterprise-dashboard/single-sign-on?slack=connected');
    const exchange = slack.calls.slice(callsBefore).find((call) => call.method === 'oauth.v2.access');
    expect(exchange?.params).toMatchObject({
      client_id: slack.clientId,
      client_secret: slack.clientSecret,
      redirect_uri: 'http://localhost:3000/api/slack/oauth/callback',
    });

    const settings = await org.admin.client.get(`${org.base}/slack`);
    expect(settings.json().workspace).toMatchObject({
      team_id: 'T0ACME',
      team_name: 'Acme Robotics',
      linked_members: 0,
    });
    const botToken = slack.botTokens.get('T0ACME') ?? '';
    expect(botToken).toMatch(/^xoxb-/);
    expect(settings.body).not.toContain(botToken);
    // A member sees the workspace, not how many linked.
    const seen = (await org.member.client.get(`${org.base}/slack`)).json();
    expect(seen).toMatchObject({
      can_manage: false,
      workspace: { team_name: 'Acme Robotics', linked_members: null },
    });

    // The same authorisation again (a replayed callback) is refused without asking Slack.
    const replayCalls = slack.calls.length;
    const replay = await org.admin.client.get(callback);
    expect(replay.headers.location).toBe('/settings?slack_error=state');
    expect(slack.calls.length).toBe(replayCalls);
  });

  it('refuses managers and members (403), other organizations (404), and someone else finishing the grant', async () => {
    const org = await organization();
    const other = await organization();
    for (const who of [org.manager, org.member]) {
      const refused = await who.client.post(`${org.base}/slack/install`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorText).toBe(OrganizationErrors.NotAllowed);
      expect((await who.client.request('DELETE', `${org.base}/slack`)).statusCode).toBe(403);
    }
    for (const path of ['/slack/install', '/slack/link']) {
      const foreign = await other.admin.client.post(`${org.base}${path}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().errorText).toBe(OrganizationErrors.NotAMember);
    }
    expect((await other.admin.client.get(`${org.base}/slack`)).statusCode).toBe(404);
    expect((await other.admin.client.request('DELETE', `${org.base}/slack`)).statusCode).toBe(404);
    // Linking before a workspace is connected.
    const early = await org.member.client.post(`${org.base}/slack/link`);
    expect(early.statusCode).toBe(404);
    expect(early.json().errorText).toBe(SlackErrors.NotConnected);

    // The admin's grant carried to another signed-in person's browser does nothing.
    const started = await org.admin.client.post(`${org.base}/slack/install`);
    const atSlack = await fetch(started.json().authorize_url, { redirect: 'manual' });
    const back = new URL(atSlack.headers.get('location') ?? '');
    const stolen = await other.admin.client.get(`${back.pathname}${back.search}`);
    expect(stolen.headers.location).toBe('/enterprise-dashboard/single-sign-on?slack_error=state');
    expect((await org.admin.client.get(`${org.base}/slack`)).json().workspace).toBeNull();
    // Declined at Slack.
    const declined = await org.admin.client.post(`${org.base}/slack/install`);
    const state = new URL(declined.json().authorize_url).searchParams.get('state') ?? '';
    const answer = await org.admin.client.get(
      `/api/slack/oauth/callback?error=access_denied&state=${encodeURIComponent(state)}`,
    );
    expect(answer.headers.location).toBe('/enterprise-dashboard/single-sign-on?slack_error=denied');
  });
});

describe('members link their Slack account and get direct messages', () => {
  it('links, sets is_slack_authorized, and assignment and due-date messages reach only linked members', async () => {
    const org = await organization();
    await connect(org);
    const botToken = slack.botTokens.get('T0ACME');

    // A Slack user of another workspace is refused.
    const wrong = await link(org.member, org, 'U0OTHER', { teamId: 'T0ELSE', teamName: 'Elsewhere' });
    expect(wrong.location).toBe('/settings?slack_error=workspace');
    const linkedUrl = new URL((await org.member.client.post(`${org.base}/slack/link`)).json().authorize_url);
    expect(linkedUrl.searchParams.get('user_scope')).toBe('identity.basic');
    expect(linkedUrl.searchParams.get('team')).toBe('T0ACME');

    const linked = await link(org.member, org, 'U0MEMBER');
    expect(linked.location).toBe('/settings?slack=linked');
    expect((await org.member.client.get(`${org.base}/slack`)).json().is_slack_authorized).toBe(true);
    // user-info's enterprise block (cached per process, kept right by the change feed).
    await waitFor(async () => {
      const info = (await org.member.client.get('/api/user/info')).json();
      const entry = info.enterprise.organizations.find(
        (item: { organization_id: number }) => item.organization_id === org.organizationId,
      );
      return entry?.is_slack_authorized === true;
    }, 'is_slack_authorized in user info');
    expect((await org.admin.client.get(`${org.base}/slack`)).json().workspace.linked_members).toBe(1);

    const author = await buildUser(t.database, { fullName: 'Author' });
    const course = await buildCourse(t.database, { author, title: 'Robot Kinematics' });
    const work = { author_id: course.collection.authorId, work_id: course.collection.id };
    const callsBefore = slack.calls.length;
    const assigned = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: [work],
      member_ids: [org.memberIds.get(org.member.email), org.memberIds.get(org.manager.email)],
      due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(assigned.statusCode).toBe(200);
    const messages = () =>
      slack.calls.slice(callsBefore).filter((call) => call.method === 'chat.postMessage');
    const first = await waitFor(() => messages()[0], 'the assignment DM');
    expect(first.token).toBe(botToken);
    expect(first.params.channel).toBe('U0MEMBER');
    expect(first.params.text).toContain('Robot Kinematics');
    expect(first.params.text).toContain('<http://localhost:3000/learn/assigned|Open in Coderoom>');

    // Moving the due date: a second message, to the member only.
    const assignment = assigned
      .json()
      .assignments.find(
        (item: { member_id: number }) => item.member_id === org.memberIds.get(org.member.email),
      );
    const moved = await org.admin.client.put(`${org.base}/update-completion-date`, {
      assignment_id: assignment.assignment_id,
      due_date: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    await waitFor(() => messages().length >= 2, 'the due-date DM');
    // Each notification in the bell with the two types that travelled.
    const bell = (await org.member.client.get('/api/workflow/notifications')).json();
    const types = bell.notifications.map((item: { type: number }) => item.type);
    expect(types).toEqual(
      expect.arrayContaining([NotificationType.ContentAssigned, NotificationType.DueDateChanged]),
    );
    // The unlinked manager's copy was never queued: two jobs, both for the member.
    expect(await slackJobs(org.organizationId)).toBe(2);
    expect(messages().every((call) => call.params.channel === 'U0MEMBER')).toBe(true);
  });

  it('PUT /api/slack/remove/user unlinks (active organization by default); nothing more is sent', async () => {
    const org = await organization();
    await connect(org);
    await link(org.member, org, 'U0LEAVER');
    const jobsBefore = await slackJobs(org.organizationId);

    const outsider = await person();
    const refused = await outsider.client.put('/api/slack/remove/user', {});
    expect(refused.statusCode).toBe(404);
    const badBody = await org.member.client.put('/api/slack/remove/user', { organization_id: 'x' });
    expect(badBody.statusCode).toBe(400);
    const foreign = await org.member.client.put('/api/slack/remove/user', { organization_id: 999999 });
    expect(foreign.statusCode).toBe(404);

    const removed = await org.member.client.put('/api/slack/remove/user', {});
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ organization_id: org.organizationId, is_slack_authorized: false });
    expect((await org.member.client.get(`${org.base}/slack`)).json().is_slack_authorized).toBe(false);

    const course = await buildCourse(t.database, { title: 'After unlinking' });
    const assigned = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: [{ author_id: course.collection.authorId, work_id: course.collection.id }],
      member_ids: [org.memberIds.get(org.member.email)],
    });
    expect(assigned.statusCode).toBe(200);
    expect(await slackJobs(org.organizationId)).toBe(jobsBefore);
  });

  it('disconnecting revokes the token at Slack and ends every link', async () => {
    const org = await organization();
    await connect(org);
    await link(org.member, org, 'U0M2');
    const botToken = slack.botTokens.get('T0ACME');
    const disconnected = await org.admin.client.request('DELETE', `${org.base}/slack`);
    expect(disconnected.statusCode).toBe(200);
    expect(disconnected.json()).toMatchObject({ workspace: null });
    expect(slack.calls.at(-1)).toMatchObject({ method: 'auth.revoke', token: botToken });
    expect((await org.member.client.get(`${org.base}/slack`)).json().is_slack_authorized).toBe(false);
  });
});

describe('SLACK_* environment', () => {
  it('needs the client id and secret together; the API base is configurable', () => {
    expect(slackConfigFromEnv({})).toBeNull();
    expect(() => slackConfigFromEnv({ SLACK_CLIENT_ID: 'x' })).toThrow(/SLACK_CLIENT_SECRET/);
    expect(
      slackConfigFromEnv({
        SLACK_CLIENT_ID: 'x',
        SLACK_CLIENT_SECRET: 'y',
        SLACK_API_URL: 'http://127.0.0.1:9/api',
      }),
    ).toMatchObject({
      apiUrl: 'http://127.0.0.1:9/api/',
      authorizeUrl: 'https://slack.com/oauth/v2/authorize',
    });
  });
});
