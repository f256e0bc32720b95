import {
  BusinessTier,
  EnterpriseRole,
  NotificationType,
  OrganizationErrors,
  PlanErrors,
  PlanKind,
} from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { buildOrganization, buildTeam } from './organizations.test-support.js';

// Plans of an organization: authoring with modules and templates, assignment with due dates, force-complete,
// each role allowed and refused, other organizations refused, and the freemium limits of 001 §6.

let t: TestApp;
let python: Awaited<ReturnType<typeof buildCourse>>;
let rust: Awaited<ReturnType<typeof buildCourse>>;
let go: Awaited<ReturnType<typeof buildCourse>>;
let extra: Array<Awaited<ReturnType<typeof buildCourse>>>;

beforeAll(async () => {
  t = await buildTestApp();
  const author = await buildUser(t.database, { fullName: 'Author' });
  python = await buildCourse(t.database, { author, topic: 'Python', title: 'Python course' });
  rust = await buildCourse(t.database, { author, topic: 'Rust', title: 'Rust course' });
  go = await buildCourse(t.database, { author, topic: 'Go', title: 'Go course' });
  extra = [
    await buildCourse(t.database, { author, topic: 'TypeScript', title: 'TypeScript course' }),
    await buildCourse(t.database, { author, topic: 'JavaScript', title: 'JavaScript course' }),
  ];
});
afterAll(async () => {
  await t.close();
});

const ref = (course: typeof python) => ({
  author_id: course.collection.authorId,
  work_id: course.collection.id,
});

async function person() {
  const user = await buildUser(t.database, { fullName: 'Person' });
  const client = new TestClient(t.app);
  expect(
    (await client.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
  ).toBe(200);
  return { user, client, email: user.email.toLowerCase() };
}

/** Admin, executive, manager (managing a team with `teamMate`), team mate, and a member outside the team. */
async function organization(options: { freemium?: boolean; seats?: number } = {}) {
  const admin = await person();
  const executive = await person();
  const manager = await person();
  const teamMate = await person();
  const member = await person();
  const built = await buildOrganization(t.database, {
    excluded: [ref(go)],
    seats: options.seats ?? 25,
    ...(options.freemium ? { subscriptionType: BusinessTier.EnterpriseFreemium } : {}),
    members: [
      { email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      { email: executive.email, userId: executive.user.id, role: EnterpriseRole.Executive },
      { email: manager.email, userId: manager.user.id, role: EnterpriseRole.Manager },
      { email: teamMate.email, userId: teamMate.user.id, role: EnterpriseRole.Learner },
      { email: member.email, userId: member.user.id, role: EnterpriseRole.Learner },
    ],
  });
  const id = (who: { email: string }) => built.memberIds.get(who.email) ?? 0;
  const teamId = await buildTeam(t.database, built.organizationId, 'Squad', [
    { memberId: id(manager), manager: true },
    { memberId: id(teamMate) },
  ]);
  const base = `/api/organization/${built.organizationId}`;
  return { ...built, base, admin, executive, manager, teamMate, member, teamId, id };
}

async function publishedPlan(org: Awaited<ReturnType<typeof organization>>, title = 'Welcome aboard') {
  const created = await org.admin.client.post(`${org.base}/plans`, { kind: PlanKind.Onboarding, title });
  expect(created.statusCode).toBe(201);
  const planId: number = created.json().plan_id;
  const filled = await org.admin.client.put(`${org.base}/plans/${planId}`, {
    modules: [{ title: 'Week 1', items: [ref(python), ref(rust)] }],
    state: 'published',
  });
  expect(filled.statusCode).toBe(200);
  return planId;
}

describe('plans: authoring', () => {
  it('admins and managers author plans with modules; others are refused; other organizations never reach them', async () => {
    const org = await organization();
    const created = await org.manager.client.post(`${org.base}/plans`, {
      kind: PlanKind.UpSkilling,
      title: 'Rust for the platform team',
      description: 'Eight weeks',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 7002,
      kind_label: 'Up-skilling',
      state: 'draft',
      modules: [],
    });
    const planId = created.json().plan_id;

    const empty = await org.manager.client.put(`${org.base}/plans/${planId}`, { state: 'published' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorText).toBe(PlanErrors.EmptyPlan);

    const filled = await org.manager.client.put(`${org.base}/plans/${planId}`, {
      modules: [
        { title: 'Basics', items: [ref(rust)] },
        { title: 'Practice', items: [ref(python)] },
      ],
      state: 'published',
    });
    expect(filled.statusCode).toBe(200);
    expect(
      filled
        .json()
        .modules.map((module: { title: string; items: { title: string }[] }) => [
          module.title,
          module.items.map((item) => item.title),
        ]),
    ).toEqual([
      ['Basics', ['Rust course']],
      ['Practice', ['Python course']],
    ]);

    // A course the subscription leaves out cannot go into a plan.
    const excluded = await org.admin.client.put(`${org.base}/plans/${planId}`, {
      modules: [{ title: 'Go', items: [ref(go)] }],
    });
    expect(excluded.statusCode).toBe(404);
    expect(excluded.json().errorText).toBe(OrganizationErrors.ContentNotFound);

    for (const who of [org.executive, org.teamMate, org.member]) {
      const write = await who.client.post(`${org.base}/plans`, { kind: PlanKind.Explore, title: 'Mine' });
      expect(write.statusCode).toBe(403);
      expect(write.json().errorText).toBe(OrganizationErrors.NotAllowed);
      expect((await who.client.put(`${org.base}/plans/${planId}`, { title: 'x' })).statusCode).toBe(403);
      expect((await who.client.request('DELETE', `${org.base}/plans/${planId}`)).statusCode).toBe(403);
    }
    // Executives read; members do not.
    expect((await org.executive.client.get(`${org.base}/plans`)).json().plans).toHaveLength(1);
    expect((await org.member.client.get(`${org.base}/plans`)).statusCode).toBe(403);
    expect((await org.member.client.get(`${org.base}/plans/${planId}`)).statusCode).toBe(403);

    const other = await organization();
    for (const [method, url] of [
      ['GET', `${org.base}/plans`],
      ['GET', `${org.base}/plans/${planId}`],
      ['PUT', `${org.base}/plans/${planId}`],
      ['DELETE', `${org.base}/plans/${planId}`],
    ] as const) {
      const answer = await other.admin.client.request(
        method,
        url,
        method === 'PUT' ? { title: 'Taken' } : undefined,
      );
      expect([method, url, answer.statusCode]).toEqual([method, url, 404]);
    }
    // Its own organization id with our plan id: not found either.
    expect((await other.admin.client.get(`${other.base}/plans/${planId}`)).statusCode).toBe(404);
    expect(
      (await other.admin.client.put(`${other.base}/plans/${planId}`, { title: 'Taken' })).statusCode,
    ).toBe(404);
    expect((await org.admin.client.get(`${org.base}/plans/${planId}`)).json().title).toBe(
      'Rust for the platform team',
    );

    const removed = await org.admin.client.request('DELETE', `${org.base}/plans/${planId}`);
    expect(removed.json()).toEqual({ deleted_plan_id: planId });
    expect((await org.admin.client.get(`${org.base}/plans/${planId}`)).statusCode).toBe(404);
  });

  it('a template is copied into new plans and cannot be assigned itself', async () => {
    const org = await organization();
    const template = (
      await org.admin.client.post(`${org.base}/plans`, {
        kind: PlanKind.Onboarding,
        title: 'Engineer onboarding template',
        is_template: true,
      })
    ).json();
    expect(template.is_template).toBe(true);
    await org.admin.client.put(`${org.base}/plans/${template.plan_id}`, {
      modules: [{ title: 'Day one', items: [ref(python)] }],
      state: 'published',
    });
    const copy = await org.admin.client.post(`${org.base}/plans`, {
      kind: PlanKind.Onboarding,
      title: 'Onboarding: Ada',
      from_template_id: template.plan_id,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ is_template: false, state: 'draft' });
    expect(copy.json().modules[0]).toMatchObject({ title: 'Day one', items: [{ title: 'Python course' }] });
    const assign = await org.admin.client.post(`${org.base}/plans/${template.plan_id}/assign`, {
      member_ids: [org.id(org.member)],
    });
    expect(assign.statusCode).toBe(400);
    expect(assign.json().errorText).toBe(PlanErrors.TemplateNotAssignable);
    const notTemplate = await org.admin.client.post(`${org.base}/plans`, {
      kind: PlanKind.Onboarding,
      title: 'From a plan',
      from_template_id: copy.json().plan_id,
    });
    expect(notTemplate.json().errorText).toBe(PlanErrors.NotATemplate);
  });
});

describe('plans: assignment and force-complete', () => {
  it('assigns a published plan with a due date; the member sees it and is told; managers reach their teams only', async () => {
    const org = await organization();
    const draft = (
      await org.admin.client.post(`${org.base}/plans`, { kind: PlanKind.Explore, title: 'Draft' })
    ).json();
    const early = await org.admin.client.post(`${org.base}/plans/${draft.plan_id}/assign`, {
      member_ids: [org.id(org.member)],
    });
    expect(early.json().errorText).toBe(PlanErrors.NotPublished);

    const planId = await publishedPlan(org);
    const assigned = await org.admin.client.post(`${org.base}/plans/${planId}/assign`, {
      member_ids: [org.id(org.member)],
      due_date: '2030-01-31',
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assignments).toEqual([
      expect.objectContaining({
        member_id: org.id(org.member),
        due_date: '2030-01-31T00:00:00.000Z',
        completed_at: null,
      }),
    ]);
    const mine = (await org.member.client.get('/api/learn/plans')).json();
    expect(mine.plans).toHaveLength(1);
    expect(mine.plans[0]).toMatchObject({
      plan_title: 'Welcome aboard',
      organization_id: org.organizationId,
    });
    expect(mine.plans[0].modules[0].items.map((item: { title: string }) => item.title)).toEqual([
      'Python course',
      'Rust course',
    ]);
    const bell = (await org.member.client.get('/api/workflow/notifications')).json();
    expect(bell.notifications.map((n: { type: number }) => n.type)).toContain(NotificationType.PlanAssigned);

    // The manager assigns to their team (by team) but not to someone outside it.
    const byTeam = await org.manager.client.post(`${org.base}/plans/${planId}/assign`, {
      team_ids: [org.teamId],
    });
    expect(byTeam.statusCode).toBe(200);
    expect(
      byTeam
        .json()
        .assignments.map((row: { member_id: number }) => row.member_id)
        .sort(),
    ).toEqual([org.id(org.manager), org.id(org.teamMate)].sort());
    const outside = await org.manager.client.post(`${org.base}/plans/${planId}/assign`, {
      member_ids: [org.id(org.member)],
    });
    expect(outside.statusCode).toBe(403);
    for (const who of [org.executive, org.member]) {
      expect(
        (await who.client.post(`${org.base}/plans/${planId}/assign`, { member_ids: [org.id(org.member)] }))
          .statusCode,
      ).toBe(403);
    }
    const list = (await org.admin.client.get(`${org.base}/plans/${planId}/assignments`)).json();
    expect(list.assignments).toHaveLength(3);
    expect((await org.member.client.get(`${org.base}/plans/${planId}/assignments`)).statusCode).toBe(403);

    const other = await organization();
    const cross = await other.admin.client.post(`${org.base}/plans/${planId}/assign`, {
      member_ids: [other.id(other.member)],
    });
    expect(cross.statusCode).toBe(404);
    const foreignMember = await org.admin.client.post(`${org.base}/plans/${planId}/assign`, {
      member_ids: [other.id(other.member)],
    });
    expect(foreignMember.statusCode).toBe(404);
    expect(foreignMember.json().errorText).toBe(OrganizationErrors.MemberNotFound);
  });

  it('only an admin force-completes a plan, once; the member is told', async () => {
    const org = await organization();
    const planId = await publishedPlan(org);
    const [assignment] = (
      await org.admin.client.post(`${org.base}/plans/${planId}/assign`, { member_ids: [org.id(org.member)] })
    ).json().assignments;
    for (const who of [org.manager, org.executive, org.member]) {
      const refused = await who.client.put(`${org.base}/force-plan-complete`, {
        assignment_id: assignment.assignment_id,
      });
      expect(refused.statusCode).toBe(403);
    }
    const other = await organization();
    expect(
      (
        await other.admin.client.put(`${other.base}/force-plan-complete`, {
          assignment_id: assignment.assignment_id,
        })
      ).statusCode,
    ).toBe(404);
    const done = await org.admin.client.put(`${org.base}/force-plan-complete`, {
      assignment_id: assignment.assignment_id,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ force_completed: true });
    expect(done.json().completed_at).not.toBeNull();
    const again = await org.admin.client.put(`${org.base}/force-plan-complete`, {
      assignment_id: assignment.assignment_id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorText).toBe(PlanErrors.AlreadyCompleted);
    const bell = (await org.member.client.get('/api/workflow/notifications')).json();
    expect(bell.notifications.map((n: { type: number }) => n.type)).toContain(NotificationType.PlanCompleted);
    expect((await org.member.client.get('/api/learn/plans')).json().plans[0].force_completed).toBe(true);
  });
});

describe('freemium limits (001 §6)', () => {
  it('onboarding plans 3, up-skilling plans 3; explore plans and templates do not count', async () => {
    const org = await organization({ freemium: true });
    for (const [kind, error] of [
      [PlanKind.Onboarding, PlanErrors.FreemiumOnboardingLimit],
      [PlanKind.UpSkilling, PlanErrors.FreemiumSkillPathLimit],
    ] as const) {
      for (let index = 0; index < 3; index += 1) {
        expect(
          (await org.admin.client.post(`${org.base}/plans`, { kind, title: `Plan ${index}` })).statusCode,
        ).toBe(201);
      }
      const fourth = await org.admin.client.post(`${org.base}/plans`, { kind, title: 'One too many' });
      expect(fourth.statusCode).toBe(400);
      expect(fourth.json().errorText).toBe(error);
      const template = await org.admin.client.post(`${org.base}/plans`, {
        kind,
        title: 'T',
        is_template: true,
      });
      expect(template.statusCode).toBe(201);
    }
    expect(
      (await org.admin.client.post(`${org.base}/plans`, { kind: PlanKind.Explore, title: 'E' })).statusCode,
    ).toBe(201);
    // The same organization on a paid subscription has no such limit.
    const paid = await organization();
    for (let index = 0; index < 4; index += 1) {
      const created = await paid.admin.client.post(`${paid.base}/plans`, {
        kind: PlanKind.Onboarding,
        title: `P${index}`,
      });
      expect(created.statusCode).toBe(201);
    }
  });

  it("modules 3 across the organization's plans", async () => {
    const org = await organization({ freemium: true });
    const first = (
      await org.admin.client.post(`${org.base}/plans`, { kind: PlanKind.Explore, title: 'A' })
    ).json();
    const second = (
      await org.admin.client.post(`${org.base}/plans`, { kind: PlanKind.Explore, title: 'B' })
    ).json();
    const two = await org.admin.client.put(`${org.base}/plans/${first.plan_id}`, {
      modules: [
        { title: 'M1', items: [ref(python)] },
        { title: 'M2', items: [ref(rust)] },
      ],
    });
    expect(two.statusCode).toBe(200);
    const over = await org.admin.client.put(`${org.base}/plans/${second.plan_id}`, {
      modules: [
        { title: 'M3', items: [ref(python)] },
        { title: 'M4', items: [ref(rust)] },
      ],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errorText).toBe(PlanErrors.FreemiumModuleLimit);
    expect((await org.admin.client.get(`${org.base}/plans/${second.plan_id}`)).json().modules).toEqual([]);
    const third = await org.admin.client.put(`${org.base}/plans/${second.plan_id}`, {
      modules: [{ title: 'M3', items: [ref(python)] }],
    });
    expect(third.statusCode).toBe(200);
    // Replacing a plan's own modules counts only the others.
    const reshaped = await org.admin.client.put(`${org.base}/plans/${first.plan_id}`, {
      modules: [
        { title: 'M1', items: [ref(python)] },
        { title: 'M2b', items: [ref(rust)] },
      ],
    });
    expect(reshaped.statusCode).toBe(200);
  });

  it('content assignments 3 and seats 5', async () => {
    const org = await organization({ freemium: true, seats: 50 });
    const courses = [python, rust, ...extra];
    const three = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: courses.slice(0, 3).map(ref),
      member_ids: [org.id(org.member)],
    });
    expect(three.statusCode).toBe(200);
    const fourth = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: [ref(courses[3] ?? python)],
      member_ids: [org.id(org.member)],
    });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().errorText).toBe(OrganizationErrors.FreemiumAssignmentLimit);

    // Five members already: a sixth is refused although the subscription says 50 seats.
    const started = await org.admin.client.put(`${org.base}/users/add`, { emails: ['sixth@example.com'] });
    expect(started.statusCode).toBe(202);
    const finished = await waitFor(async () => {
      const operation = (
        await org.admin.client.get(`${org.base}/operations/${started.json().operation_id}`)
      ).json();
      return operation.state === 'running' ? null : operation;
    }, 'the add-users operation to finish');
    expect(finished.state).toBe('failed');
    expect(finished.result.error).toBe(OrganizationErrors.SeatsExceeded);
  });
});
