import {
  ConfluenceErrors,
  ConfluenceImportState,
  EnterpriseRole,
  OrganizationErrors,
} from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { type FakeConfluence, startFakeConfluence } from '../../test/fakeConfluence.js';
import { buildTestApp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import * as repo from './confluence.repository.js';
import { buildOrganization } from './organizations.test-support.js';

// Confluence import against a fake Confluence Cloud: a real HTTP server on 127.0.0.1 with Basic
// authentication and `_links.next` pagination (two items a response), reached by the app's fetch client.

let t: TestApp;
let confluence: FakeConfluence;

const runbook = (index: number) => ({
  id: String(1000 + index),
  title: `Runbook ${index}`,
  storage:
    index === 1
      ? '<h2>Restart the arm</h2><p>Use <strong>care</strong>.</p><script>alert(1)</script>' +
        '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python</ac:parameter>' +
        '<ac:plain-text-body><![CDATA[arm.restart()]]></ac:plain-text-body></ac:structured-macro>'
      : `<p>Step ${index} of the runbook.</p>`,
});

beforeAll(async () => {
  confluence = await startFakeConfluence({
    spaces: [
      { key: 'OPS', name: 'Operations', pages: [1, 2, 3, 4, 5].map(runbook) },
      { key: 'ENG', name: 'Engineering', pages: [] },
      { key: 'HR', name: 'People', pages: [] },
    ],
  });
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  await confluence.close();
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
  const secondAdmin = await person();
  const manager = await person();
  const member = await person();
  const built = await buildOrganization(t.database, {
    members: [
      { email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      { email: secondAdmin.email, userId: secondAdmin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      { email: manager.email, userId: manager.user.id, role: EnterpriseRole.Manager },
      { email: member.email, userId: member.user.id, role: EnterpriseRole.Learner },
    ],
  });
  return {
    ...built,
    base: `/api/organization/${built.organizationId}/confluence`,
    admin,
    secondAdmin,
    manager,
    member,
  };
}

const connection = () => ({
  base_url: `${confluence.baseUrl}/wiki/`,
  email: confluence.email,
  api_token: confluence.apiToken,
});

async function connected() {
  const org = await organization();
  expect((await org.admin.client.put(org.base, connection())).statusCode).toBe(200);
  return org;
}

describe('connecting Confluence (admins only)', () => {
  it('checks the credentials at Confluence, keeps the token on the server and sets the organization flag', async () => {
    const org = await organization();
    const wrong = await org.admin.client.put(org.base, { ...connection(), api_token: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorText).toBe(ConfluenceErrors.Unauthorized);
    expect(confluence.requests.at(-1)).toMatchObject({
      url: '/wiki/rest/api/space?limit=1',
      authorized: false,
    });
    for (const base_url of ['ftp://acme.test', 'http://acme.example.com', 'https://u:p@acme.test']) {
      const refused = await org.admin.client.put(org.base, { ...connection(), base_url });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ base_url: ConfluenceErrors.BaseUrl });
    }
    expect(
      (await org.admin.client.put(org.base, { ...connection(), email: 'not an address' })).statusCode,
    ).toBe(400);
    expect((await org.admin.client.get(org.base)).json().connection).toBeNull();

    const saved = await org.admin.client.put(org.base, connection());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().connection).toMatchObject({
      base_url: confluence.baseUrl,
      email: confluence.email,
      has_api_token: true,
    });
    expect(saved.body).not.toContain(confluence.apiToken);
    // Saving again without the token keeps it.
    const again = await org.admin.client.put(org.base, {
      base_url: confluence.baseUrl,
      email: confluence.email,
    });
    expect(again.statusCode).toBe(200);
    expect(confluence.requests.at(-1)?.authorized).toBe(true);

    await waitFor(async () => {
      const info = (await org.member.client.get('/api/user/info')).json();
      const entry = info.enterprise.organizations.find(
        (item: { organization_id: number }) => item.organization_id === org.organizationId,
      );
      return entry?.is_confluence_integration_enabled === true;
    }, 'is_confluence_integration_enabled in user info');

    expect((await org.admin.client.request('DELETE', org.base)).json().connection).toBeNull();
    const fetchAfter = await org.admin.client.post(`${org.base}/fetch`, {});
    expect(fetchAfter.statusCode).toBe(404);
    expect(fetchAfter.json().errorText).toBe(ConfluenceErrors.NotConnected);
  });

  it('refuses managers and members (403) and other organizations (404) on every call', async () => {
    const org = await connected();
    const other = await organization();
    const calls = [
      (client: TestClient) => client.get(org.base),
      (client: TestClient) => client.put(org.base, connection()),
      (client: TestClient) => client.request('DELETE', org.base),
      (client: TestClient) => client.post(`${org.base}/fetch`, {}),
      (client: TestClient) => client.post(`${org.base}/import`, { space_key: 'OPS' }),
    ];
    const requestsBefore = confluence.requests.length;
    for (const call of calls) {
      for (const who of [org.manager, org.member]) {
        const refused = await call(who.client);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().errorText).toBe(OrganizationErrors.NotAllowed);
      }
      const foreign = await call(other.admin.client);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().errorText).toBe(OrganizationErrors.NotAMember);
    }
    // Nobody refused reached Confluence.
    expect(confluence.requests.length).toBe(requestsBefore);
  });
});

describe('fetch, import and poll', () => {
  it('lists spaces and pages through every _links.next page', async () => {
    const org = await connected();
    const before = confluence.requests.length;
    const spaces = await org.admin.client.post(`${org.base}/fetch`, {});
    expect(spaces.statusCode).toBe(200);
    expect(spaces.json()).toEqual({
      spaces: [
        { key: 'OPS', name: 'Operations', type: 'global' },
        { key: 'ENG', name: 'Engineering', type: 'global' },
        { key: 'HR', name: 'People', type: 'global' },
      ],
      pages: null,
      truncated: false,
    });
    const pages = await org.admin.client.post(`${org.base}/fetch`, { space_key: 'OPS' });
    expect(pages.json().pages.map((page: { title: string }) => page.title)).toEqual([
      'Runbook 1',
      'Runbook 2',
      'Runbook 3',
      'Runbook 4',
      'Runbook 5',
    ]);
    const made = confluence.requests.slice(before);
    expect(made.every((request) => request.authorized)).toBe(true);
    // Two spaces a response: two requests for three spaces (twice), three for five pages.
    expect(made.filter((request) => request.url.startsWith('/wiki/rest/api/space?')).length).toBe(4);
    expect(made.filter((request) => request.url.startsWith('/wiki/rest/api/content?')).length).toBe(3);
    expect(
      made.find(
        (request) => request.url.startsWith('/wiki/rest/api/content?') && request.url.includes('start=2'),
      )?.url,
    ).toContain('spaceKey=OPS');

    const invalid = await org.admin.client.post(`${org.base}/fetch`, { space_key: 'no spaces allowed' });
    expect(invalid.statusCode).toBe(400);
  });

  it('imports a space into a private course only the importer reads; one import at a time', async () => {
    const org = await connected();
    const missing = await org.admin.client.post(`${org.base}/import`, { space_key: 'NOPE' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorText).toBe(ConfluenceErrors.SpaceNotFound);

    // The lock: a running import refuses a second one.
    const held = await repo.insertImport(t.database.db, {
      organizationId: org.organizationId,
      userId: org.secondAdmin.user.id,
      spaceKey: 'ENG',
      spaceName: 'Engineering',
      title: 'Engineering',
      state: ConfluenceImportState.Running,
      createdAt: new Date(),
    });
    const locked = await org.admin.client.post(`${org.base}/import`, { space_key: 'OPS' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errorText).toBe(ConfluenceErrors.ImportRunning);
    await repo.finishImport(t.database.db, held?.id ?? 0, {
      state: 'failed',
      error: 'test',
      finishedAt: new Date(),
    });

    const started = await org.admin.client.post(`${org.base}/import`, {
      space_key: 'OPS',
      title: 'Ops runbooks',
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ state: 'running', space_key: 'OPS', space_name: 'Operations' });
    const poll = `${org.base}/import/${started.json().id}`;
    const done = await waitFor(async () => {
      const answer = (await org.admin.client.get(poll)).json();
      return answer.state === 'running' ? null : answer;
    }, 'the import to finish');
    expect(done).toMatchObject({ state: 'done', page_count: 5, error: null, author_id: org.admin.user.id });
    // The poll is the importer's: another admin of the organization and outsiders get 404.
    expect((await org.secondAdmin.client.get(poll)).statusCode).toBe(404);

    const home = `/api/reader/collection/${org.admin.user.id}/${done.collection_id}`;
    const course = await org.admin.client.get(home);
    expect(course.statusCode).toBe(200);
    expect(course.json().collection).toMatchObject({ title: 'Ops runbooks' });
    const lessons = course
      .json()
      .toc.flatMap((category: { pages: Array<{ page_id: number; title: string }> }) => category.pages);
    expect(lessons.map((lesson: { title: string }) => lesson.title)).toEqual([
      'Runbook 1',
      'Runbook 2',
      'Runbook 3',
      'Runbook 4',
      'Runbook 5',
    ]);
    const first = await org.admin.client.get(`${home}/page/${lessons[0].page_id}`);
    expect(first.statusCode).toBe(200);
    const html = JSON.stringify(first.json());
    expect(html).toContain('Restart the arm');
    expect(html).toContain('language-python');
    expect(html).not.toContain('<script');

    // Private: other people of the organization, and anyone else, find nothing.
    for (const who of [org.secondAdmin, org.member]) {
      expect((await who.client.get(home)).statusCode).toBe(404);
    }
    const outsider = await person();
    expect((await outsider.client.get(home)).statusCode).toBe(404);
    expect((await org.admin.client.get(org.base)).json().imports[0]).toMatchObject({
      id: done.id,
      state: 'done',
    });
  });

  it('an empty space fails with a reason the admin sees', async () => {
    const org = await connected();
    const started = await org.admin.client.post(`${org.base}/import`, { space_key: 'HR' });
    expect(started.statusCode).toBe(202);
    const finished = await waitFor(async () => {
      const answer = (await org.admin.client.get(`${org.base}/import/${started.json().id}`)).json();
      return answer.state === 'running' ? null : answer;
    }, 'the import to fail');
    expect(finished).toMatchObject({
      state: 'failed',
      error: ConfluenceErrors.EmptySpace,
      collection_id: null,
    });
  });
});
