import { BusinessTier, EnterpriseRole, FreemiumDefaults, OrganizationErrors } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser, packageImportDeps } from '../../test/factories.js';
import { buildTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { type AssessmentManifest, importAssessment } from '../assessments/assessments.package.js';
import { buildOrganization } from './organizations.test-support.js';

// The freemium limits of 001 §6 that count across an organization on enterprise freemium 6999:
// assessments 3 (assessments are assignable items), workflow documents 10 and workflow projects 3.

let t: TestApp;
let author: Awaited<ReturnType<typeof buildUser>>;
const assessments: Array<{ author_id: number; work_id: number }> = [];
let course: Awaited<ReturnType<typeof buildCourse>>;

function manifest(title: string): AssessmentManifest {
  return {
    title,
    summary: 'A short check.',
    overview: '',
    language_topic: 'Python',
    language: 'python3',
    difficulty: 'beginner',
    tags: ['python'],
    skills: ['Syntax'],
    author: author.email,
    questions: [
      {
        kind: 'multiple_choice',
        difficulty: 'easy',
        skill: 'Syntax',
        text: 'Pick the right one.',
        options: [
          { id: 'r', text: 'Right', correct: true },
          { id: 'w', text: 'Wrong', correct: false },
        ],
        test_cases: [],
      },
    ],
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  author = await buildUser(t.database, { fullName: 'Quiz Author' });
  course = await buildCourse(t.database, { author, topic: 'Python', title: 'Python course' });
  for (let index = 0; index < 4; index += 1) {
    const { collectionId } = await importAssessment(packageImportDeps(t.database), {
      file: `check-${index}.yaml`,
      slug: `check-${index}-${process.pid}`,
      manifest: manifest(`Check ${index}`),
    });
    assessments.push({ author_id: author.id, work_id: collectionId });
  }
});
afterAll(async () => {
  await t.close();
});

async function person() {
  const user = await buildUser(t.database, { fullName: 'Person' });
  const client = new TestClient(t.app);
  expect(
    (await client.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
  ).toBe(200);
  return { user, client, email: user.email.toLowerCase() };
}

async function organization(subscriptionType: number) {
  const admin = await person();
  const member = await person();
  const other = await person();
  const built = await buildOrganization(t.database, {
    subscriptionType,
    members: [
      { email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      { email: member.email, userId: member.user.id, role: EnterpriseRole.Learner },
      { email: other.email, userId: other.user.id, role: EnterpriseRole.Learner },
    ],
  });
  const id = (who: { email: string }) => built.memberIds.get(who.email) ?? 0;
  return { ...built, base: `/api/organization/${built.organizationId}`, admin, member, other, id };
}

describe('assessments as assignable items', () => {
  it('assigns an assessment to a member, who sees it among their assignments', async () => {
    const org = await organization(BusinessTier.Enterprise);
    const [first] = assessments;
    const assigned = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: [first],
      member_ids: [org.id(org.member)],
      due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(assigned.statusCode).toBe(200);
    const mine = await org.member.client.get(`${org.base}/assigned-courses`);
    expect(mine.statusCode).toBe(200);
    const cards = mine
      .json()
      .assignments.map((entry: { card: { work_type: string; collection_id: number } }) => [
        entry.card.work_type,
        entry.card.collection_id,
      ]);
    expect(cards).toContainEqual(['skill_assessment', first?.work_id]);
  });

  it('the assign form lists assessments to those who may assign; members 403, other organizations 404', async () => {
    const org = await organization(BusinessTier.Enterprise);
    const listed = await org.admin.client.get(`${org.base}/assignable-assessments`);
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().items.map((card: { collection_id: number }) => card.collection_id);
    for (const assessment of assessments) expect(ids).toContain(assessment.work_id);
    expect(
      listed.json().items.every((card: { work_type: string }) => card.work_type === 'skill_assessment'),
    ).toBe(true);
    expect(ids).not.toContain(course.collection.id);
    expect((await org.member.client.get(`${org.base}/assignable-assessments`)).statusCode).toBe(403);
    const stranger = await organization(BusinessTier.Enterprise);
    expect((await stranger.admin.client.get(`${org.base}/assignable-assessments`)).statusCode).toBe(404);
  });

  it('a member still may not assign one (403), and another organization cannot name it for us', async () => {
    const org = await organization(BusinessTier.Enterprise);
    const refused = await org.member.client.post(`${org.base}/assign-courses`, {
      works: [assessments[0]],
      member_ids: [org.id(org.other)],
    });
    expect(refused.statusCode).toBe(403);
    const stranger = await organization(BusinessTier.Enterprise);
    const crossed = await stranger.admin.client.post(`${org.base}/assign-courses`, {
      works: [assessments[0]],
      member_ids: [org.id(org.member)],
    });
    expect(crossed.statusCode).toBe(404);
  });

  it(`freemium: ${FreemiumDefaults.assessments} assessments, counted apart from courses; again is no new one`, async () => {
    const org = await organization(BusinessTier.EnterpriseFreemium);
    const target = { member_ids: [org.id(org.member)] };
    const three = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: assessments.slice(0, 3),
      ...target,
    });
    expect(three.statusCode).toBe(200);
    // Assigning one of them again (another member) is not a fourth.
    const again = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: [assessments[1]],
      member_ids: [org.id(org.other)],
    });
    expect(again.statusCode).toBe(200);
    const fourth = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: [assessments[3]],
      ...target,
    });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().errorText).toBe(OrganizationErrors.FreemiumAssessmentLimit);
    // Nothing of the refused call was written.
    const listed = await org.admin.client.get(`${org.base}/assigned-courses?member_id=${org.id(org.member)}`);
    expect(
      listed
        .json()
        .assignments.some(
          (entry: { card: { collection_id: number } }) =>
            entry.card.collection_id === assessments[3]?.work_id,
        ),
    ).toBe(false);
    // Courses have their own count of 3: the assessments did not use it up.
    const courseCall = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: [{ author_id: course.collection.authorId, work_id: course.collection.id }],
      ...target,
    });
    expect(courseCall.statusCode).toBe(200);
  });

  it('a paid enterprise subscription has no assessment limit', async () => {
    const org = await organization(BusinessTier.Enterprise);
    const four = await org.admin.client.post(`${org.base}/assign-courses`, {
      works: assessments,
      member_ids: [org.id(org.member)],
    });
    expect(four.statusCode).toBe(200);
  });
});

describe('work area limits of an organization on freemium', () => {
  const create = (client: TestClient, kind: string) => client.post('/api/workflows/items', { kind });

  it(`documents ${FreemiumDefaults.workflowDocs} and projects ${FreemiumDefaults.workflowProjects} across the members`, async () => {
    const org = await organization(BusinessTier.EnterpriseFreemium);
    // Two members share the organization's allowance: 5 + 5 documents, then the eleventh is refused.
    for (let n = 0; n < FreemiumDefaults.workflowDocs; n += 1) {
      const who = n % 2 === 0 ? org.member : org.other;
      const created = await create(who.client, 'document');
      expect(created.statusCode).toBe(201);
      expect(created.json().item.organization_id).toBe(org.organizationId);
    }
    const eleventh = await create(org.admin.client, 'document');
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json()).toEqual({
      errorText: OrganizationErrors.FreemiumWorkDocs,
      upgrade_url: '/pricing',
    });
    // Projects (private ones count): 2 + 1, then a fourth is refused.
    expect((await create(org.member.client, 'project')).statusCode).toBe(201);
    expect((await create(org.member.client, 'project')).statusCode).toBe(201);
    const third = await create(org.other.client, 'private_project');
    expect(third.statusCode).toBe(201);
    const fourth = await create(org.admin.client, 'project');
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().errorText).toBe(OrganizationErrors.FreemiumWorkProjects);
    // Trashing one of the organization's projects frees its place.
    expect(
      (await org.other.client.put(`/api/workflows/items/${third.json().item.id}/delete`)).statusCode,
    ).toBe(200);
    expect((await create(org.admin.client, 'project')).statusCode).toBe(201);
  }, 180_000);

  it('a paid organization, and people outside organizations, are not bound by the organization count', async () => {
    const org = await organization(BusinessTier.Enterprise);
    for (let n = 0; n < FreemiumDefaults.workflowProjects; n += 1) {
      expect((await create(n % 2 === 0 ? org.member.client : org.other.client, 'project')).statusCode).toBe(
        201,
      );
    }
    const fourth = await create(org.admin.client, 'project');
    expect(fourth.statusCode).toBe(201);
    expect(fourth.json().item.organization_id).toBe(org.organizationId);
    const outsider = await person();
    const own = await create(outsider.client, 'project');
    expect(own.statusCode).toBe(201);
    expect(own.json().item.organization_id).toBeNull();
  }, 120_000);
});
