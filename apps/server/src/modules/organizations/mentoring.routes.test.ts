import {
  EnterpriseRole,
  MentoringErrors,
  NotificationType,
  OrganizationErrors,
  PlanErrors,
  PlanKind,
} from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { buildOrganization, buildTeam } from './organizations.test-support.js';

// A member's plans with their real progress, plans that complete themselves when every item is done
// (8002 to whoever assigned them and to the mentor), and mentors: their dashboard of mentees and the
// feedback they write (8014 to the mentee). Each rule allowed and refused; other organizations refused.

let t: TestApp;
type Course = Awaited<ReturnType<typeof buildCourse>>;
let python: Course;
let rust: Course;

beforeAll(async () => {
  t = await buildTestApp();
  const author = await buildUser(t.database, { fullName: 'Author' });
  python = await buildCourse(t.database, {
    author,
    topic: 'Python',
    title: 'Python course',
    lessons: 2,
    isFree: true,
  });
  rust = await buildCourse(t.database, {
    author,
    topic: 'Rust',
    title: 'Rust course',
    lessons: 1,
    isFree: true,
  });
});
afterAll(async () => {
  await t.close();
});

const ref = (course: Course) => ({ author_id: course.collection.authorId, work_id: course.collection.id });
const lessonOf = (course: Course, index: number) =>
  `/api/reader/collection/${course.collection.authorId}/${course.collection.id}/page/${course.pageIds[index]}`;

async function person(fullName: string) {
  const user = await buildUser(t.database, { fullName });
  const client = new TestClient(t.app);
  expect(
    (await client.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
  ).toBe(200);
  return { user, client, email: user.email.toLowerCase() };
}

/** An admin, a manager who mentors the member, the member, and a learner who mentors no one. */
async function organization() {
  const admin = await person('Ada Admin');
  const mentor = await person('Max Mentor');
  const member = await person('Mo Member');
  const bystander = await person('Bea Bystander');
  const built = await buildOrganization(t.database, {
    members: [
      { email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      { email: mentor.email, userId: mentor.user.id, role: EnterpriseRole.Manager },
      { email: member.email, userId: member.user.id, role: EnterpriseRole.Learner },
      { email: bystander.email, userId: bystander.user.id, role: EnterpriseRole.Learner },
    ],
  });
  const id = (who: { email: string }) => built.memberIds.get(who.email) ?? 0;
  await buildTeam(t.database, built.organizationId, 'Crew', [{ memberId: id(mentor), manager: true }]);
  const base = `/api/organization/${built.organizationId}`;
  const mentorSet = await admin.client.put(`${base}/update-mentor`, {
    member_id: id(member),
    mentor_member_id: id(mentor),
  });
  expect(mentorSet.statusCode, mentorSet.body).toBe(200);
  return { ...built, base, admin, mentor, member, bystander, id };
}

async function assignedPlan(org: Awaited<ReturnType<typeof organization>>) {
  const created = await org.admin.client.post(`${org.base}/plans`, {
    kind: PlanKind.Onboarding,
    title: 'First weeks',
  });
  const planId: number = created.json().plan_id;
  expect(
    (
      await org.admin.client.put(`${org.base}/plans/${planId}`, {
        modules: [
          { title: 'Week 1', items: [ref(python)] },
          { title: 'Week 2', items: [ref(rust)] },
        ],
        state: 'published',
      })
    ).statusCode,
  ).toBe(200);
  const assigned = await org.admin.client.post(`${org.base}/plans/${planId}/assign`, {
    member_ids: [org.id(org.member)],
    due_date: '2099-01-31',
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { planId, assignmentId: assigned.json().assignments[0].assignment_id as number };
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const typesOf = async (client: TestClient) =>
  ((await client.get('/api/workflow/notifications')).json().notifications as Array<{ type: number }>).map(
    (n) => n.type,
  );

describe('plan progress from the learner’s real progress', () => {
  it('moves with each completed lesson; the plan completes itself and tells the assigner and the mentor once', async () => {
    const org = await organization();
    const { assignmentId } = await assignedPlan(org);
    const page = `/api/learn/plans/${assignmentId}`;

    const fresh = await org.member.client.get(page);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      plan_title: 'First weeks',
      kind_label: 'Onboarding',
      percent: 0,
      completed_at: null,
      is_overdue: false,
      feedback: [],
    });
    expect(
      fresh.json().modules.map((m: { items: Array<{ title: string; percent: number }> }) => m.items),
    ).toEqual([
      [expect.objectContaining({ title: 'Python course', percent: 0, completed: false })],
      [expect.objectContaining({ title: 'Rust course', percent: 0, completed: false })],
    ]);

    // Half of Python: the item is at 50, the plan at the mean of 50 and 0.
    expect(
      (await org.member.client.put(`${lessonOf(python, 0)}/completion`, { completed: true })).statusCode,
    ).toBe(200);
    const half = (await org.member.client.get(page)).json();
    expect(half.modules[0].items[0].percent).toBe(50);
    expect(half.percent).toBe(25);
    expect((await org.member.client.get('/api/learn/plans')).json().plans[0].percent).toBe(25);

    await org.member.client.put(`${lessonOf(python, 1)}/completion`, { completed: true });
    expect((await org.member.client.get(page)).json()).toMatchObject({ percent: 50, completed_at: null });
    expect(await typesOf(org.admin.client)).not.toContain(NotificationType.PlanCompleted);

    // The last item done: the plan is complete, by progress (not forced).
    await org.member.client.put(`${lessonOf(rust, 0)}/completion`, { completed: true });
    const done = (await org.member.client.get(page)).json();
    expect(done).toMatchObject({ percent: 100, force_completed: false });
    expect(done.completed_at).not.toBeNull();
    const stored = await t.database.db.execute(
      `SELECT completed_at IS NOT NULL AS done, force_completed FROM organization_plan_assignments WHERE id = ${assignmentId}`,
    );
    expect(rowsOf(stored)[0]).toMatchObject({ done: true, force_completed: false });
    expect(await typesOf(org.admin.client)).toContain(NotificationType.PlanCompleted);
    expect(await typesOf(org.mentor.client)).toContain(NotificationType.PlanCompleted);

    // Un-completing and completing again does not tell them twice; the plan stays complete.
    await org.member.client.put(`${lessonOf(rust, 0)}/completion`, { completed: false });
    await org.member.client.put(`${lessonOf(rust, 0)}/completion`, { completed: true });
    const count = (await typesOf(org.admin.client)).filter((type) => type === NotificationType.PlanCompleted);
    expect(count).toHaveLength(1);
  });

  it('a plan page is its member’s only: another member and another organization get 404', async () => {
    const org = await organization();
    const other = await organization();
    const { assignmentId } = await assignedPlan(org);
    for (const client of [org.bystander.client, org.admin.client, other.member.client]) {
      const response = await client.get(`/api/learn/plans/${assignmentId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().errorText).toBe(PlanErrors.AssignmentNotFound);
    }
    expect((await new TestClient(t.app).get(`/api/learn/plans/${assignmentId}`)).statusCode).toBe(401);
    expect((await org.member.client.get('/api/learn/plans/abc')).statusCode).toBe(400);
  });
});

describe('mentors (001 §6)', () => {
  it('the mentor sees their mentees’ plans and courses with progress; others are refused', async () => {
    const org = await organization();
    const { assignmentId } = await assignedPlan(org);
    expect(
      (
        await org.admin.client.post(`${org.base}/assign-courses`, {
          works: [ref(python)],
          member_ids: [org.id(org.member)],
        })
      ).statusCode,
    ).toBe(200);
    await org.member.client.put(`${lessonOf(python, 0)}/completion`, { completed: true });

    const dashboard = await org.mentor.client.get(`${org.base}/mentees`);
    expect(dashboard.statusCode).toBe(200);
    const [mentee, ...rest] = dashboard.json().mentees;
    expect(rest).toEqual([]);
    expect(mentee).toMatchObject({
      member_id: org.id(org.member),
      email: org.member.email,
      full_name: 'Mo Member',
    });
    expect(mentee.plans).toEqual([expect.objectContaining({ assignment_id: assignmentId, percent: 25 })]);
    expect(mentee.assignments).toEqual([expect.objectContaining({ percent: 50 })]);

    // Someone who mentors no one (even an admin) is refused; a stranger gets 404.
    for (const client of [org.bystander.client, org.admin.client, org.member.client]) {
      const refused = await client.get(`${org.base}/mentees`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorText).toBe(OrganizationErrors.NotAllowed);
    }
    const other = await organization();
    const stranger = await other.mentor.client.get(`${org.base}/mentees`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().errorText).toBe(OrganizationErrors.NotAMember);
  });

  it('only the mentee’s mentor writes feedback, on an item of the mentee; the mentee is told and reads it', async () => {
    const org = await organization();
    const { assignmentId } = await assignedPlan(org);
    const feedback = { mentee_member_id: org.id(org.member), plan_assignment_id: assignmentId };

    const written = await org.mentor.client.post(`${org.base}/mentor-feedback`, {
      ...feedback,
      feedback: 'Great start on Python. Try the Rust week next.',
    });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({
      mentor_name: 'Max Mentor',
      item_title: 'First weeks',
      plan_assignment_id: assignmentId,
      assignment_id: null,
      feedback: 'Great start on Python. Try the Rust week next.',
    });
    const bell = (await org.member.client.get('/api/workflow/notifications')).json().notifications;
    expect(bell[0]).toMatchObject({
      type: NotificationType.MentorFeedback,
      title: 'Max Mentor left feedback on First weeks',
      link: `/onboarding/assigned-plans/${assignmentId}`,
    });
    expect((await org.member.client.get(`/api/learn/plans/${assignmentId}`)).json().feedback).toEqual([
      expect.objectContaining({ feedback: 'Great start on Python. Try the Rust week next.' }),
    ]);
    expect((await org.member.client.get('/api/learn/mentor-feedback')).json().feedback).toHaveLength(1);
    const dashboard = (await org.mentor.client.get(`${org.base}/mentees`)).json();
    expect(dashboard.mentees[0].feedback).toHaveLength(1);

    // Not the mentor (the admin too): 403 and nothing written.
    for (const client of [org.admin.client, org.bystander.client, org.member.client]) {
      const refused = await client.post(`${org.base}/mentor-feedback`, { ...feedback, feedback: 'Hi' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorText).toBe(MentoringErrors.NotYourMentee);
    }
    // An item that is not the mentee's, a missing mentee, another organization, bad input.
    const own = await assignedPlan(org);
    await t.database.db.execute(
      `UPDATE organization_plan_assignments SET member_id = ${org.id(org.bystander)} WHERE id = ${own.assignmentId}`,
    );
    const wrongItem = await org.mentor.client.post(`${org.base}/mentor-feedback`, {
      mentee_member_id: org.id(org.member),
      plan_assignment_id: own.assignmentId,
      feedback: 'Hi',
    });
    expect(wrongItem.statusCode).toBe(404);
    expect(wrongItem.json().errorText).toBe(MentoringErrors.ItemNotFound);
    const missing = await org.mentor.client.post(`${org.base}/mentor-feedback`, {
      mentee_member_id: 999_999_999,
      plan_assignment_id: assignmentId,
      feedback: 'Hi',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorText).toBe(MentoringErrors.MenteeNotFound);
    const other = await organization();
    const foreign = await other.mentor.client.post(`${org.base}/mentor-feedback`, {
      ...feedback,
      feedback: 'Hi',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorText).toBe(OrganizationErrors.NotAMember);
    const empty = await org.mentor.client.post(`${org.base}/mentor-feedback`, {
      ...feedback,
      feedback: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.feedback).toBe(`Feedback: ${MentoringErrors.FeedbackRequired}`);
    const long = await org.mentor.client.post(`${org.base}/mentor-feedback`, {
      ...feedback,
      feedback: 'x'.repeat(1025),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.feedback).toBe(`Feedback: ${MentoringErrors.FeedbackTooLong}`);
    const both = await org.mentor.client.post(`${org.base}/mentor-feedback`, {
      ...feedback,
      assignment_id: 1,
      feedback: 'Hi',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.plan_assignment_id).toBe(
      `Plan assignment id: ${MentoringErrors.ChooseOneItem}`,
    );
    const stored = await t.database.db.execute(
      `SELECT count(*)::int AS n FROM organization_mentor_feedback WHERE organization_id = ${org.organizationId}`,
    );
    expect(rowsOf(stored)[0]).toMatchObject({ n: 1 });
  });
});
