import {
  EnterpriseRole,
  ErrorMessages,
  MAX_PLAN_PAGE_BODY,
  OrganizationErrors,
  PlanErrors,
  PlanKind,
} from '@coderoom/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { buildTestApp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { buildOrganization } from './organizations.test-support.js';

// The plan reader (docs/organizations.md "Plan reader"): GET /api/plan/{authorId}/{planId}[?mentee_member_id=]
// answers the plan's pages (its modules, with their Markdown text) with the progress of whoever it is read
// for: the member's own, a mentee's for their mentor or an admin, none for the authors' preview. A member
// the plan was not given meets the gate (403); other organizations, a wrong author segment, 404; rule 7.

let t: TestApp;
type Course = Awaited<ReturnType<typeof buildCourse>>;
let python: Course;
let rust: Course;

beforeAll(async () => {
  t = await buildTestApp();
  const author = await buildUser(t.database, { fullName: 'Author' });
  python = await buildCourse(t.database, { author, topic: 'Python', title: 'Python course', lessons: 2 });
  rust = await buildCourse(t.database, { author, topic: 'Rust', title: 'Rust course', lessons: 1 });
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

const WELCOME = 'Welcome to the **crew**.\n\n- read this\n- then take the course below';

/** An admin, an executive, a manager who mentors the member, the member, a member without the plan. */
async function organization() {
  const admin = await person('Ada Admin');
  const executive = await person('Eve Executive');
  const mentor = await person('Max Mentor');
  const member = await person('Mo Member');
  const bystander = await person('Bea Bystander');
  const built = await buildOrganization(t.database, {
    members: [
      { email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      { email: executive.email, userId: executive.user.id, role: EnterpriseRole.Executive },
      { email: mentor.email, userId: mentor.user.id, role: EnterpriseRole.Manager },
      { email: member.email, userId: member.user.id, role: EnterpriseRole.Learner },
      { email: bystander.email, userId: bystander.user.id, role: EnterpriseRole.Learner },
    ],
  });
  const id = (who: { email: string }) => built.memberIds.get(who.email) ?? 0;
  const base = `/api/organization/${built.organizationId}`;
  const mentorSet = await admin.client.put(`${base}/update-mentor`, {
    member_id: id(member),
    mentor_member_id: id(mentor),
  });
  expect(mentorSet.statusCode, mentorSet.body).toBe(200);
  return { ...built, base, admin, executive, mentor, member, bystander, id };
}

type Org = Awaited<ReturnType<typeof organization>>;

/** A plan of three pages (a text-only welcome, then Python, then Rust), published unless told otherwise. */
async function plan(org: Org, options: { publish?: boolean; assign?: boolean } = {}) {
  const created = await org.admin.client.post(`${org.base}/plans`, {
    kind: PlanKind.Onboarding,
    title: 'First weeks',
  });
  expect(created.statusCode).toBe(201);
  const planId: number = created.json().plan_id;
  const saved = await org.admin.client.put(`${org.base}/plans/${planId}`, {
    modules: [
      { title: 'Welcome', body: WELCOME, items: [] },
      { title: 'Week 1', body: 'Python first.', items: [ref(python)] },
      { title: 'Week 2', items: [ref(rust)] },
    ],
    ...(options.publish === false ? {} : { state: 'published' }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (options.assign !== false && options.publish !== false) {
    const assigned = await org.admin.client.post(`${org.base}/plans/${planId}/assign`, {
      member_ids: [org.id(org.member)],
      due_date: '2099-01-31',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  return { planId, url: `/api/plan/${org.admin.user.id}/${planId}` };
}

describe('plan reader: the member reads their plan with progress', () => {
  it('answers the pages in order with their text, items and progress, which move as lessons complete', async () => {
    const org = await organization();
    const { planId, url } = await plan(org);
    const authorId = org.admin.user.id;

    const fresh = await org.member.client.get(url);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const body = fresh.json();
    expect(body).toMatchObject({
      mode: 'learner',
      plan: {
        plan_id: planId,
        author_id: authorId,
        organization_id: org.organizationId,
        title: 'First weeks',
        kind_label: 'Onboarding',
        url: `/plan/${authorId}/${planId}`,
        edit_url: null,
      },
      assignment: { percent: 0, completed_at: null, is_overdue: false },
      mentee: null,
    });
    expect(body.assignment.due_date.slice(0, 10)).toBe('2099-01-31');
    expect(body.pages.map((page: { number: number; title: string; url: string }) => page)).toEqual([
      expect.objectContaining({
        number: 1,
        title: 'Welcome',
        body: WELCOME,
        items: [],
        percent: null,
        url: `/plan/page/${authorId}/${planId}/1`,
      }),
      expect.objectContaining({
        number: 2,
        title: 'Week 1',
        body: 'Python first.',
        percent: 0,
        url: `/plan/page/${authorId}/${planId}/2`,
      }),
      expect.objectContaining({ number: 3, title: 'Week 2', body: '', percent: 0 }),
    ]);
    expect(body.pages[1].items).toEqual([
      expect.objectContaining({ title: 'Python course', work_type: 'course', percent: 0, completed: false }),
    ]);

    // Half of Python: page 2 at 50, the plan at the mean of its items (50 and 0).
    expect(
      (await org.member.client.put(`${lessonOf(python, 0)}/completion`, { completed: true })).statusCode,
    ).toBe(200);
    const half = (await org.member.client.get(url)).json();
    expect(half.pages[1].percent).toBe(50);
    expect(half.pages[2].percent).toBe(0);
    expect(half.assignment.percent).toBe(25);
    // The plan's own page (/api/learn/plans) links to the reader and carries the same text.
    const mine = (await org.member.client.get('/api/learn/plans')).json().plans[0];
    expect(mine.reader_url).toBe(`/plan/${authorId}/${planId}`);
    expect(mine.modules[0].body).toBe(WELCOME);
  });
});

describe('plan reader: mentors, admins and the gate', () => {
  it('the mentor and an admin read the mentee’s progress; others are refused', async () => {
    const org = await organization();
    const { planId, url } = await plan(org);
    const authorId = org.admin.user.id;
    await org.member.client.put(`${lessonOf(rust, 0)}/completion`, { completed: true });
    const menteeUrl = `${url}?mentee_member_id=${org.id(org.member)}`;

    const asMentor = await org.mentor.client.get(menteeUrl);
    expect(asMentor.statusCode, asMentor.body).toBe(200);
    expect(asMentor.json()).toMatchObject({
      mode: 'mentee',
      mentee: { member_id: org.id(org.member), email: org.member.email },
      assignment: { percent: 50 },
      plan: { url: `/plan/${authorId}/${planId}/mentee/${org.id(org.member)}` },
    });
    expect(asMentor.json().pages[2]).toMatchObject({
      percent: 100,
      url: `/plan/page/${authorId}/${planId}/3/mentee/${org.id(org.member)}`,
    });
    // The mentor dashboard links its plans to the mentee address.
    const mentees = (await org.mentor.client.get(`${org.base}/mentees`)).json().mentees;
    expect(mentees[0].plans[0].reader_url).toBe(`/plan/${authorId}/${planId}/mentee/${org.id(org.member)}`);

    const asAdmin = await org.admin.client.get(menteeUrl);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ mode: 'mentee', assignment: { percent: 50 } });

    // A member who neither mentors nor follows the mentee's progress.
    const nosy = await org.bystander.client.get(menteeUrl);
    expect(nosy.statusCode).toBe(403);
    expect(nosy.json().errorText).toBe(OrganizationErrors.NotAllowed);
    // The mentee of a plan they do not have.
    const notTheirs = await org.mentor.client.get(`${url}?mentee_member_id=${org.id(org.bystander)}`);
    expect(notTheirs.statusCode).toBe(403);
    const adminAsks = await org.admin.client.get(`${url}?mentee_member_id=${org.id(org.bystander)}`);
    expect(adminAsks.statusCode).toBe(404);
    expect(adminAsks.json().errorText).toBe(PlanErrors.MenteeNotAssigned);
    const unknown = await org.admin.client.get(`${url}?mentee_member_id=999999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorText).toBe(OrganizationErrors.MemberNotFound);

    // The gate: a member of the organization the plan was not given to.
    const gate = await org.bystander.client.get(url);
    expect(gate.statusCode).toBe(403);
    expect(gate.json().errorText).toBe(PlanErrors.NotAssigned);
  });

  it('authors preview drafts without progress; executives preview read-only; members meet the gate', async () => {
    const org = await organization();
    const { planId, url } = await plan(org, { publish: false });
    const authorId = org.admin.user.id;
    const asAdmin = await org.admin.client.get(url);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json()).toMatchObject({
      mode: 'preview',
      assignment: null,
      mentee: null,
      plan: {
        state: 'draft',
        url: `/plan/${authorId}/${planId}/preview`,
        edit_url: `/onboarding/plans/${planId}`,
      },
    });
    expect(asAdmin.json().pages.map((page: { percent: number | null }) => page.percent)).toEqual([
      null,
      null,
      null,
    ]);
    expect(asAdmin.json().pages[1].url).toBe(`/plan/page/${authorId}/${planId}/2/template`);
    // The plans list links each plan to that preview.
    const listed = (await org.admin.client.get(`${org.base}/plans`)).json().plans;
    expect(listed.find((entry: { plan_id: number }) => entry.plan_id === planId)).toMatchObject({
      author_id: authorId,
      preview_url: `/plan/${authorId}/${planId}/preview`,
    });

    const asExecutive = await org.executive.client.get(url);
    expect(asExecutive.statusCode).toBe(200);
    expect(asExecutive.json()).toMatchObject({ mode: 'preview', plan: { edit_url: null } });

    const asMember = await org.member.client.get(url);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().errorText).toBe(PlanErrors.NotAssigned);
  });
});

describe('plan reader: addresses, other organizations and rule 7', () => {
  it('a wrong author segment, a missing plan and another organization answer 404; bad ids 400', async () => {
    const org = await organization();
    const other = await organization();
    const { planId, url } = await plan(org);

    const wrongAuthor = await org.member.client.get(`/api/plan/${org.member.user.id}/${planId}`);
    expect(wrongAuthor.statusCode).toBe(404);
    expect(wrongAuthor.json().errorText).toBe(PlanErrors.NotFound);
    expect((await org.member.client.get(`/api/plan/${org.admin.user.id}/999999999`)).statusCode).toBe(404);
    for (const outsider of [other.admin, other.member]) {
      const refused = await outsider.client.get(url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().errorText).toBe(PlanErrors.NotFound);
    }
    const crossMentee = await other.admin.client.get(`${url}?mentee_member_id=${org.id(org.member)}`);
    expect(crossMentee.statusCode).toBe(404);
    expect((await org.member.client.get('/api/plan/abc/1')).statusCode).toBe(400);
    expect((await org.member.client.get(`${url}?mentee_member_id=0`)).statusCode).toBe(400);
    expect((await org.member.client.get(`${url}?other=1`)).statusCode).toBe(400);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
  });

  it('rule 7: an organization that blocks courses keeps plan content out of reach', async () => {
    const org = await organization();
    const { url } = await plan(org);
    expect((await org.member.client.get(url)).statusCode).toBe(200);
    // The organization starts blocking courses after the plan was assigned.
    await t.database.db.execute(
      sql`UPDATE organizations SET no_courses_access = true WHERE id = ${org.organizationId}`,
    );
    const refused = await waitFor(async () => {
      const answer = await org.member.client.get(url);
      return answer.statusCode === 404 ? answer : undefined;
    }, 'the plan out of reach');
    expect(refused.json().errorText).toBe(ErrorMessages.NotIncludedInSubscription);
    // Rule 7 bounds every reader: the mentor cannot open the mentee's plan either.
    const mentee = await org.mentor.client.get(`${url}?mentee_member_id=${org.id(org.member)}`);
    expect(mentee.statusCode).toBe(404);
  });

  it('page text is saved with the modules, bounded, and copied from a template', async () => {
    const org = await organization();
    const template = await org.admin.client.post(`${org.base}/plans`, {
      kind: PlanKind.Onboarding,
      title: 'Template',
      is_template: true,
    });
    const templateId: number = template.json().plan_id;
    const tooLong = await org.admin.client.put(`${org.base}/plans/${templateId}`, {
      modules: [{ title: 'Intro', body: 'x'.repeat(MAX_PLAN_PAGE_BODY + 1), items: [] }],
    });
    expect(tooLong.statusCode).toBe(400);
    const saved = await org.admin.client.put(`${org.base}/plans/${templateId}`, {
      modules: [{ title: 'Intro', body: WELCOME, items: [ref(python)] }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().modules[0].body).toBe(WELCOME);
    const copy = await org.admin.client.post(`${org.base}/plans`, {
      kind: PlanKind.Onboarding,
      title: 'From the template',
      from_template_id: templateId,
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().modules[0]).toMatchObject({ title: 'Intro', body: WELCOME });
  });
});
