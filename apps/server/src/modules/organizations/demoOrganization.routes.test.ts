import { ErrorMessages, NotificationType } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo.js';
import { DEMO_ORGANIZATION, DEMO_PLAN } from '../../seed/organizations.js';
import { buildTestApp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database);
});
afterAll(async () => {
  await t.close();
});

async function login(email: string): Promise<TestClient> {
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email, password: DEMO_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

describe('the demo organization (seed)', () => {
  it('seeds Acme Robotics once: the member has Python assigned two weeks out, the Go course is refused', async () => {
    expect((await seedDemo(t.database)).imported).not.toContain(DEMO_ORGANIZATION.name);
    const member = await login(DEMO_ORGANIZATION.member);
    const info = (await member.get('/api/user/info')).json();
    expect(info.enterprise.organizations).toEqual([
      expect.objectContaining({
        name: 'Acme Robotics',
        role: 7002,
        is_mentee: true,
        subscription_type: 6003,
      }),
    ]);
    expect(info.enterprise.organizations[0].excluded_courses_list).toHaveLength(1);

    const assigned = (await member.get('/api/learn/assigned')).json().assignments;
    expect(assigned).toHaveLength(1);
    expect(assigned[0].card.slug).toBe('python-in-practice');
    const days = (new Date(assigned[0].due_date).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(14);

    const go = info.enterprise.organizations[0].excluded_courses_list[0];
    const refused = await member.get(`/api/reader/collection/${go.author_id}/${go.work_id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errorText).toBe(ErrorMessages.NotIncludedInSubscription);
    // The public catalogue is unchanged for a learner outside the organization.
    const learner = await login('learner@coderoom.dev');
    expect((await learner.get(`/api/reader/collection/${go.author_id}/${go.work_id}`)).statusCode).toBe(200);

    const catalog = (await member.get('/api/learn/organization')).json();
    expect(catalog.name).toBe('Acme Robotics');
    expect(catalog.items.map((item: { slug: string }) => item.slug)).not.toContain('go-by-building');
    expect(catalog.items.map((item: { slug: string }) => item.slug)).toContain('python-in-practice');

    const bell = (await member.get('/api/workflow/notifications')).json();
    expect(bell.unread_count).toBeGreaterThanOrEqual(3);
    expect(bell.notifications.map((n: { type: number }) => n.type)).toContain(
      NotificationType.ContentAssigned,
    );

    const manager = await login(DEMO_ORGANIZATION.manager);
    const organizationId = info.enterprise.active_organization_id;
    const dashboard = (await manager.get(`/api/organization/${organizationId}/progress`)).json();
    expect(dashboard.members.map((m: { email: string }) => m.email)).toEqual(
      expect.arrayContaining([DEMO_ORGANIZATION.member]),
    );
    const admin = await login(DEMO_ORGANIZATION.admin);
    const members = (await admin.get(`/api/organization/${organizationId}/users`)).json().members;
    expect(members).toHaveLength(3);
  });

  it('seeds the onboarding plan once: published, real courses, the member has it and the mentor sees it', async () => {
    expect((await seedDemo(t.database)).imported).not.toContain(DEMO_PLAN.title);
    const member = await login(DEMO_ORGANIZATION.member);
    const [plan, ...others] = (await member.get('/api/learn/plans')).json().plans;
    expect(others).toEqual([]);
    expect(plan).toMatchObject({ plan_title: DEMO_PLAN.title, kind: 7001, completed_at: null });
    expect(
      plan.modules.map((module: { title: string; items: Array<{ title: string; url: string }> }) => [
        module.title,
        module.items.map((item) => item.title),
      ]),
    ).toEqual([
      ['Week 1: Python at Acme', ['Python in Practice']],
      ['Week 2: TypeScript for the dashboards', ['TypeScript Essentials']],
    ]);
    const page = await member.get(`/api/learn/plans/${plan.assignment_id}`);
    expect(page.statusCode).toBe(200);

    const manager = await login(DEMO_ORGANIZATION.manager);
    const organizationId = plan.organization_id;
    const mentees = (await manager.get(`/api/organization/${organizationId}/mentees`)).json().mentees;
    expect(mentees.map((m: { email: string }) => m.email)).toEqual([DEMO_ORGANIZATION.member]);
    expect(mentees[0].plans.map((p: { plan_title: string }) => p.plan_title)).toEqual([DEMO_PLAN.title]);
  });
});
