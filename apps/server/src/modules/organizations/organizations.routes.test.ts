import type { OrganizationOperation } from '@coderoom/contracts';
import {
  AdminLevel,
  BusinessTier,
  EnterpriseRole,
  ErrorMessages,
  NotificationReadState,
  NotificationType,
  OrganizationErrors,
} from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '../../db/schema.js';
import { buildCourse, buildUser, packageImportDeps } from '../../test/factories.js';
import { buildTestApp, type TestApp, TestClient, waitFor } from '../../test/harness.js';
import { importCloudLab } from '../cloudlabs/cloudlabs.package.js';
import * as repo from './organizations.repository.js';
import { buildOrganization, buildTeam } from './organizations.test-support.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A real account, logged in through the API. */
async function person(fullName = 'Person') {
  const user = await buildUser(t.database, { fullName });
  const client = new TestClient(t.app);
  const response = await client.post('/api/user/login', { email: user.email, password: user.password });
  expect(response.statusCode).toBe(200);
  return { user, client, email: user.email.toLowerCase() };
}

async function courses() {
  const author = await buildUser(t.database, { fullName: 'Author' });
  const python = await buildCourse(t.database, { author, topic: 'Python', title: 'Python course' });
  const go = await buildCourse(t.database, { author, topic: 'Go', title: 'Go course' });
  const rust = await buildCourse(t.database, { author, topic: 'Rust', title: 'Rust course' });
  return { author, python, go, rust };
}

const ref = (course: Awaited<ReturnType<typeof buildCourse>>) => ({
  author_id: course.collection.authorId,
  work_id: course.collection.id,
});
const home = (course: Awaited<ReturnType<typeof buildCourse>>) =>
  `/api/reader/collection/${course.collection.authorId}/${course.collection.id}`;

describe('user info and the active organization (spec 001 §4)', () => {
  it('carries the real enterprise block; switching to an unknown organization is ignored', async () => {
    const member = await person();
    const outsider = await person();
    const first = await buildOrganization(t.database, {
      name: 'First',
      members: [{ email: member.email, userId: member.user.id, role: EnterpriseRole.Learner }],
    });
    const second = await buildOrganization(t.database, {
      name: 'Second',
      subscriptionType: BusinessTier.EnterpriseFreemium,
      members: [{ email: member.email, userId: member.user.id, role: EnterpriseRole.Manager }],
    });
    const info = (await member.client.get('/api/user/info')).json();
    expect(info.enterprise.active_organization_id).toBe(first.organizationId);
    expect(info.organization_id).toBe(first.organizationId);
    expect(info.has_valid_enterprise_sub).toBe(true);
    expect(info.enterprise.organizations.map((entry: { name: string }) => entry.name)).toEqual([
      'First',
      'Second',
    ]);
    expect(info.enterprise.organizations[1]).toMatchObject({ is_manager: true, is_admin: false, role: 7001 });
    expect(info.enterprise.freemium_info).toMatchObject({
      is_learn_freemium: false,
      has_valid_learn_sub: true,
    });

    const switched = await member.client.put('/api/user/active-organization', {
      organization_id: second.organizationId,
    });
    expect(switched.json()).toEqual({ active_organization_id: second.organizationId });
    const after = (await member.client.get('/api/user/info')).json();
    expect(after.enterprise.active_organization_id).toBe(second.organizationId);
    expect(after.enterprise.freemium_info.is_learn_freemium).toBe(true);

    // Someone else's organization: ignored, the choice stays.
    const other = await buildOrganization(t.database, { members: [] });
    await member.client.put('/api/user/active-organization', { organization_id: other.organizationId });
    expect((await member.client.get('/api/user/info')).json().enterprise.active_organization_id).toBe(
      second.organizationId,
    );

    const plain = (await outsider.client.get('/api/user/info')).json();
    expect(plain.enterprise.organizations).toEqual([]);
    expect(plain.enterprise.active_organization_id).toBeNull();
  });

  it('a member added by address before their account existed is a member from their first sign-in', async () => {
    const later = await person();
    await buildOrganization(t.database, {
      members: [{ email: later.email, userId: null, role: EnterpriseRole.Learner }],
    });
    const info = (await later.client.get('/api/user/info')).json();
    expect(info.enterprise.organizations).toHaveLength(1);
  });
});

describe('content visibility for organization subscribers (spec 001 §5)', () => {
  it('rule 1: private collections are always allowed (their author reads them inside an inclusion list)', async () => {
    const { python } = await courses();
    const member = await person();
    await buildOrganization(t.database, {
      included: [ref(python)],
      members: [{ email: member.email, userId: member.user.id, role: EnterpriseRole.Learner }],
    });
    const own = await buildCourse(t.database, { author: member.user, topic: 'Go' });
    await t.database.db.execute(`UPDATE collections SET is_private = true WHERE id = ${own.collection.id}`);
    expect((await member.client.get(home(own))).statusCode).toBe(200);
  });

  it('rule 2: with no lists every course is allowed', async () => {
    const { python, go } = await courses();
    const member = await person();
    await buildOrganization(t.database, {
      members: [{ email: member.email, userId: member.user.id, role: EnterpriseRole.Learner }],
    });
    expect((await member.client.get(home(python))).statusCode).toBe(200);
    expect((await member.client.get(home(go))).statusCode).toBe(200);
  });

  it('rule 3: with inclusion lists only included courses and categories are allowed', async () => {
    const { python, go, rust } = await courses();
    const member = await person();
    await buildOrganization(t.database, {
      included: [ref(python)],
      includedCategories: ['Rust'],
      members: [{ email: member.email, userId: member.user.id, role: EnterpriseRole.Learner }],
    });
    expect((await member.client.get(home(python))).statusCode).toBe(200);
    expect((await member.client.get(home(rust))).statusCode).toBe(200);
    const refused = await member.client.get(home(go));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ errorText: ErrorMessages.NotIncludedInSubscription });
  });

  it('rule 4: with only exclusion lists an excluded course, lesson or category answers 404 with the spec text', async () => {
    const { python, go, rust } = await courses();
    const member = await person();
    const outsider = await person();
    await buildOrganization(t.database, {
      excluded: [ref(go)],
      excludedCategories: ['Rust'],
      members: [{ email: member.email, userId: member.user.id, role: EnterpriseRole.Learner }],
    });
    expect((await member.client.get(home(python))).statusCode).toBe(200);
    for (const url of [home(go), `${home(go)}/page/${go.pageIds[0]}`, home(rust)]) {
      const response = await member.client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().errorText).toBe(ErrorMessages.NotIncludedInSubscription);
    }
    // The public catalogue is unchanged for everyone outside the organization.
    expect((await outsider.client.get(home(go))).statusCode).toBe(200);
    const listed = async (client: TestClient) =>
      (
        (await client.get('/api/reader/featured_items?type=courses')).json().items as Array<{
          collection_id: number;
        }>
      ).map((item) => item.collection_id);
    expect(await listed(member.client)).not.toContain(go.collection.id);
    expect(await listed(member.client)).toContain(python.collection.id);
    expect(await listed(outsider.client)).toContain(go.collection.id);
    expect(await listed(new TestClient(t.app))).toContain(go.collection.id);
  });

  it('rule 6: standalone cloud labs only for organizations with can_access_cloudlabs', async () => {
    const author = await buildUser(t.database, { fullName: 'Lab Author' });
    const { collectionId, labId } = await importCloudLab(packageImportDeps(t.database), {
      file: 'lab.yaml',
      slug: `rule-6-lab-${process.pid}`,
      manifest: {
        title: 'Rule 6 lab',
        summary: 'A lab for rule 6',
        overview: 'Open the shell.',
        difficulty: 'beginner',
        tags: [],
        author: author.email,
        env: { type: 'CloudShell', image: 'coderoom/python/3', files: [] },
        tasks: [{ title: 'First', instructions: 'Do one.', check: 'check-one' }],
      },
    });
    const lab = `/api/cloudlab/${author.id}/${collectionId}/${labId}`;
    const withoutLabs = await person();
    const withLabs = await person();
    const outsider = await person();
    await buildOrganization(t.database, {
      flags: { can_access_cloudlabs: false },
      members: [{ email: withoutLabs.email, userId: withoutLabs.user.id, role: EnterpriseRole.Learner }],
    });
    await buildOrganization(t.database, {
      members: [{ email: withLabs.email, userId: withLabs.user.id, role: EnterpriseRole.Learner }],
    });
    const labsListed = async (client: TestClient) =>
      (
        (await client.get('/api/reader/featured_items?type=cloudLabs')).json().items as Array<{
          collection_id: number;
        }>
      ).map((item) => item.collection_id);

    // Refused: not listed; the collection read answers 404 with the spec's text, and the lab's own pages
    // (whose reads go through it) answer their not-found, so nothing starts.
    expect(await labsListed(withoutLabs.client)).not.toContain(collectionId);
    const refused = await withoutLabs.client.get(`/api/reader/collection/${author.id}/${collectionId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errorText).toBe(ErrorMessages.NotIncludedInSubscription);
    expect((await withoutLabs.client.get(lab)).statusCode).toBe(404);
    expect((await withoutLabs.client.post(`${lab}/begin`, {})).statusCode).toBe(404);
    // Allowed: the flag's default, and people outside any organization.
    for (const allowed of [withLabs, outsider]) {
      expect(await labsListed(allowed.client)).toContain(collectionId);
      const read = await allowed.client.get(lab);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().can_access_cloudlabs).toBe(true);
    }
  });

  it('rule 7: an organization that blocks courses blocks paths too, unless it is learn-freemium', async () => {
    const { python } = await courses();
    const blocked = await person();
    const freemium = await person();
    await buildOrganization(t.database, {
      noCoursesAccess: true,
      members: [{ email: blocked.email, userId: blocked.user.id, role: EnterpriseRole.Learner }],
    });
    await buildOrganization(t.database, {
      noCoursesAccess: true,
      subscriptionType: BusinessTier.EnterpriseFreemium,
      members: [{ email: freemium.email, userId: freemium.user.id, role: EnterpriseRole.Learner }],
    });
    expect((await blocked.client.get(home(python))).statusCode).toBe(404);
    expect((await freemium.client.get(home(python))).statusCode).toBe(200);
  });

  it('a removed member loses the bounds at once (nothing about the organization is cached)', async () => {
    const { go } = await courses();
    const member = await person();
    const org = await buildOrganization(t.database, {
      excluded: [ref(go)],
      members: [{ email: member.email, userId: member.user.id, role: EnterpriseRole.Learner }],
    });
    expect((await member.client.get(home(go))).statusCode).toBe(404);
    // Removed straight in the database, as a job would: the read path hears of it by NOTIFY when the
    // write commits (at once on PGlite, a moment later through PostgreSQL's listener): poll, never sleep.
    await repo.deleteMembers(t.database.db, org.organizationId, [org.memberIds.get(member.email)!]);
    await waitFor(
      async () => (await member.client.get(home(go))).statusCode === 200,
      'the removed member to read the course',
      2_500,
    );
  });
});

describe('organization endpoints: roles × endpoints (spec 001 §6)', () => {
  let fixture: {
    organizationId: number;
    admin: Awaited<ReturnType<typeof person>>;
    executive: Awaited<ReturnType<typeof person>>;
    manager: Awaited<ReturnType<typeof person>>;
    member: Awaited<ReturnType<typeof person>>;
    stranger: Awaited<ReturnType<typeof person>>;
    otherAdmin: Awaited<ReturnType<typeof person>>;
    memberId: number;
    managerId: number;
    teamId: number;
    python: Awaited<ReturnType<typeof buildCourse>>;
  };

  beforeAll(async () => {
    const { python } = await courses();
    const [admin, executive, manager, member, stranger, otherAdmin] = await Promise.all(
      ['Admin', 'Exec', 'Manager', 'Member', 'Stranger', 'Other admin'].map((name) => person(name)),
    );
    const org = await buildOrganization(t.database, {
      members: [
        {
          email: admin!.email,
          userId: admin!.user.id,
          role: EnterpriseRole.Admin,
          adminLevel: AdminLevel.SuperAdmin,
        },
        { email: executive!.email, userId: executive!.user.id, role: EnterpriseRole.Executive },
        { email: manager!.email, userId: manager!.user.id, role: EnterpriseRole.Manager },
        { email: member!.email, userId: member!.user.id, role: EnterpriseRole.Learner },
      ],
    });
    // Another organization whose admin must never reach this one.
    await buildOrganization(t.database, {
      members: [{ email: otherAdmin!.email, userId: otherAdmin!.user.id, role: EnterpriseRole.Admin }],
    });
    const memberId = org.memberIds.get(member!.email)!;
    const managerId = org.memberIds.get(manager!.email)!;
    const teamId = await buildTeam(t.database, org.organizationId, 'Platform', [
      { memberId: managerId, manager: true },
      { memberId },
    ]);
    fixture = {
      organizationId: org.organizationId,
      admin: admin!,
      executive: executive!,
      manager: manager!,
      member: member!,
      stranger: stranger!,
      otherAdmin: otherAdmin!,
      memberId,
      managerId,
      teamId,
      python,
    };
  });

  type Role = 'admin' | 'executive' | 'manager' | 'member' | 'stranger' | 'otherAdmin';
  const ROLES: Role[] = ['admin', 'executive', 'manager', 'member', 'stranger', 'otherAdmin'];

  /** Expected status per role; reads only (writes are checked below with what was stored). */
  const READS: Array<{ path: (f: typeof fixture) => string; allowed: Role[] }> = [
    {
      path: (f) => `/api/organization/${f.organizationId}`,
      allowed: ['admin', 'executive', 'manager', 'member'],
    },
    {
      path: (f) => `/api/organization/${f.organizationId}/users`,
      allowed: ['admin', 'executive', 'manager'],
    },
    {
      path: (f) => `/api/organization/${f.organizationId}/teams`,
      allowed: ['admin', 'executive', 'manager'],
    },
    {
      path: (f) => `/api/organization/${f.organizationId}/progress`,
      allowed: ['admin', 'executive', 'manager'],
    },
    {
      path: (f) => `/api/organization/${f.organizationId}/progress/export`,
      allowed: ['admin', 'executive', 'manager'],
    },
    {
      // The member reads their own; the manager manages the member's team.
      path: (f) => `/api/organization/${f.organizationId}/assigned-courses?member_id=${f.memberId}`,
      allowed: ['admin', 'executive', 'manager', 'member'],
    },
    {
      path: (f) => `/api/organization/${f.organizationId}/assigned-courses?member_id=${f.managerId}`,
      allowed: ['admin', 'executive', 'manager'],
    },
  ];

  for (const read of READS) {
    it(`GET ${read.path({ organizationId: ':id', memberId: ':member' } as never)} per role`, async () => {
      for (const role of ROLES) {
        const response = await fixture[role].client.get(read.path(fixture));
        const expected = read.allowed.includes(role)
          ? 200
          : role === 'stranger' || role === 'otherAdmin'
            ? 404
            : 403;
        expect(response.statusCode, `${role}: ${response.body}`).toBe(expected);
        if (expected === 404) expect(response.json().errorText).toBe(OrganizationErrors.NotAMember);
        if (expected === 403) expect(response.json().errorText).toBe(OrganizationErrors.NotAllowed);
      }
    });
  }

  it('only admins add, re-role and remove users; a refused call writes nothing', async () => {
    const base = `/api/organization/${fixture.organizationId}`;
    for (const role of ['executive', 'manager', 'member', 'stranger', 'otherAdmin'] as Role[]) {
      const client = fixture[role].client;
      expect(
        (await client.put(`${base}/users/add`, { emails: ['x@example.com'] })).statusCode,
        role,
      ).toBeGreaterThanOrEqual(403);
      expect(
        (await client.put(`${base}/update-user-role`, { member_id: fixture.memberId, role: 7003 }))
          .statusCode,
      ).toBeGreaterThanOrEqual(403);
      expect(
        (await client.put(`${base}/users/remove`, { member_ids: [fixture.memberId] })).statusCode,
      ).toBeGreaterThanOrEqual(403);
      expect(
        (
          await client.put(`${base}/update-mentor`, {
            member_id: fixture.memberId,
            mentor_member_id: fixture.managerId,
          })
        ).statusCode,
      ).toBeGreaterThanOrEqual(403);
    }
    const member = await repo.findMember(t.database.db, fixture.organizationId, fixture.memberId);
    expect(member).toMatchObject({ role: EnterpriseRole.Learner, mentorMemberId: null });
    expect(await repo.findMemberEmails(t.database.db, fixture.organizationId, ['x@example.com'])).toEqual([]);
  });

  it('the admin re-roles a member and sets a mentor; the member is told', async () => {
    const base = `/api/organization/${fixture.organizationId}`;
    const extra = await person('Extra');
    const { memberIds } = {
      memberIds: await repo.insertMembers(t.database.db, [
        {
          organizationId: fixture.organizationId,
          email: extra.email,
          userId: extra.user.id,
          role: EnterpriseRole.Learner,
          createdAt: new Date(),
        },
      ]),
    };
    const extraId = memberIds[0]!.id;
    const promoted = await fixture.admin.client.put(`${base}/update-user-role`, {
      member_id: extraId,
      role: EnterpriseRole.Manager,
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 7001, role_label: 'Manager' });
    const mentor = await fixture.admin.client.put(`${base}/update-mentor`, {
      member_id: extraId,
      mentor_member_id: fixture.managerId,
    });
    expect(mentor.json()).toMatchObject({ mentor_member_id: fixture.managerId });
    const bell = (await extra.client.get('/api/workflow/notifications')).json();
    expect(bell.notifications.map((n: { type: number }) => n.type).sort()).toEqual(
      [NotificationType.PromotedToManager, NotificationType.MentorAssigned].sort(),
    );
    // The last admin cannot be demoted.
    const adminMember = (await fixture.admin.client.get(`${base}/users`))
      .json()
      .members.find((m: { email: string }) => m.email === fixture.admin.email);
    const demote = await fixture.admin.client.put(`${base}/update-user-role`, {
      member_id: adminMember.member_id,
      role: 7002,
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().errorText).toBe(OrganizationErrors.LastAdmin);
  });

  it('adds users asynchronously: 202 with a running operation, the lock refuses a second one, the worker finishes it', async () => {
    const base = `/api/organization/${fixture.organizationId}`;
    // A running operation holds the lock.
    const held = await repo.startOperation(t.database.db, {
      organizationId: fixture.organizationId,
      kind: 'add_users',
      payload: {},
      createdBy: fixture.admin.user.id,
      createdAt: new Date(),
    });
    const locked = await fixture.admin.client.put(`${base}/users/add`, { emails: ['new1@example.com'] });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errorText).toBe(OrganizationErrors.OperationRunning);
    await repo.finishOperation(t.database.db, held!.id, { state: 'done', result: {}, at: new Date() });

    const existing = await person('Existing');
    const csv = `email\n${existing.email}\nnew2@example.com\n"new3@example.com"\nnot-an-address\n`;
    const started = await fixture.admin.client.put(`${base}/users/add`, {
      csv,
      emails: [fixture.member.email],
    });
    expect(started.statusCode).toBe(202);
    const operation = started.json() as OrganizationOperation;
    expect(operation).toMatchObject({ kind: 'add_users', state: 'running' });
    const done = await waitFor(async () => {
      const poll = (await fixture.admin.client.get(`${base}/operations/${operation.operation_id}`)).json();
      return poll.state === 'running' ? null : (poll as OrganizationOperation);
    }, 'add users operation');
    expect(done.state).toBe('done');
    expect(done.result?.added?.sort()).toEqual(
      [existing.email, 'new2@example.com', 'new3@example.com'].sort(),
    );
    expect(done.result?.already_members).toEqual([fixture.member.email]);
    // The existing account is a member at once and was told.
    expect((await existing.client.get('/api/user/info')).json().enterprise.organizations).toHaveLength(1);
    const bell = (await existing.client.get('/api/workflow/notifications')).json();
    expect(bell.notifications[0]).toMatchObject({
      type: NotificationType.AddedToOrganization,
      read_state: 6000,
    });

    // Addresses without an account are invited by e-mail; an admin may send it again, nobody else.
    const mailsTo = (address: string) =>
      t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, address));
    const invitation = await waitFor(async () => (await mailsTo('new2@example.com'))[0], 'invitation mail');
    expect(invitation.subject).toMatch(/^You are invited to .+ on Coderoom$/);
    expect(invitation.textBody).toContain('http://localhost:3000/signup');
    const members = (await fixture.admin.client.get(`${base}/users`)).json().members as Array<{
      member_id: number;
      email: string;
      is_invited: boolean;
    }>;
    const invited = members.find((member) => member.email === 'new2@example.com')!;
    expect(invited.is_invited).toBe(true);
    const resend = `${base}/users/${invited.member_id}/resend-email`;
    expect((await fixture.manager.client.put(resend)).statusCode).toBe(403);
    expect((await fixture.otherAdmin.client.put(resend)).statusCode).toBe(404);
    expect((await fixture.admin.client.put(resend)).statusCode).toBe(200);
    const joined = members.find((member) => member.email === existing.email)!;
    const refusedResend = await fixture.admin.client.put(`${base}/users/${joined.member_id}/resend-email`);
    expect(refusedResend.statusCode).toBe(400);
    expect(refusedResend.json().errorText).toBe(OrganizationErrors.AlreadyJoined);
    await waitFor(async () => (await mailsTo('new2@example.com')).length === 2, 'resent invitation');
  });

  it('refuses adding more users than the subscription has seats', async () => {
    const admin = await person();
    const org = await buildOrganization(t.database, {
      seats: 2,
      members: [{ email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin }],
    });
    const base = `/api/organization/${org.organizationId}`;
    const started = (
      await admin.client.put(`${base}/users/add`, { emails: ['s1@example.com', 's2@example.com'] })
    ).json();
    const done = await waitFor(async () => {
      const poll = (await admin.client.get(`${base}/operations/${started.operation_id}`)).json();
      return poll.state === 'running' ? null : poll;
    }, 'seat check');
    expect(done).toMatchObject({ state: 'failed', result: { error: OrganizationErrors.SeatsExceeded } });
    expect(await repo.countMembers(t.database.db, org.organizationId)).toBe(1);
  });

  it('teams: created asynchronously by admins and managers, renamed and deleted; members cannot', async () => {
    const base = `/api/organization/${fixture.organizationId}`;
    expect((await fixture.member.client.post(`${base}/teams`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await fixture.stranger.client.post(`${base}/teams`, { name: 'Nope' })).statusCode).toBe(404);
    const started = await fixture.manager.client.post(`${base}/teams`, {
      name: 'Robotics',
      member_ids: [fixture.memberId],
    });
    expect(started.statusCode).toBe(202);
    const done = await waitFor(async () => {
      const poll = (
        await fixture.manager.client.get(`${base}/operations/${started.json().operation_id}`)
      ).json();
      return poll.state === 'running' ? null : poll;
    }, 'create team');
    expect(done.state).toBe('done');
    const teamId = done.result.team_id as number;
    const teams = (await fixture.admin.client.get(`${base}/teams`)).json().teams;
    const created = teams.find((team: { team_id: number }) => team.team_id === teamId);
    // The manager who created it manages it.
    expect(created.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ member_id: fixture.managerId, team_role: 7001 }),
        expect.objectContaining({ member_id: fixture.memberId, team_role: 7000 }),
      ]),
    );
    const duplicate = await fixture.admin.client.post(`${base}/teams`, { name: 'robotics' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errorText).toBe(OrganizationErrors.TeamNameTaken);
    const renamed = await fixture.admin.client.put(`${base}/teams/${teamId}`, { name: 'Robotics Core' });
    expect(renamed.json().name).toBe('Robotics Core');
    expect((await fixture.member.client.request('DELETE', `${base}/teams/${teamId}`)).statusCode).toBe(403);
    expect((await fixture.otherAdmin.client.request('DELETE', `${base}/teams/${teamId}`)).statusCode).toBe(
      404,
    );
    expect((await fixture.admin.client.request('DELETE', `${base}/teams/${teamId}`)).statusCode).toBe(200);
    expect(await repo.findTeam(t.database.db, fixture.organizationId, teamId)).toBeUndefined();
  });

  it('assigns a course with a due date to a team; the member sees it on /learn/assigned and is told; due dates move', async () => {
    const base = `/api/organization/${fixture.organizationId}`;
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const body = { works: [ref(fixture.python)], team_ids: [fixture.teamId], due_date: due };
    expect((await fixture.member.client.post(`${base}/assign-courses`, body)).statusCode).toBe(403);
    expect((await fixture.executive.client.post(`${base}/assign-courses`, body)).statusCode).toBe(403);
    expect((await fixture.otherAdmin.client.post(`${base}/assign-courses`, body)).statusCode).toBe(404);
    const assigned = await fixture.manager.client.post(`${base}/assign-courses`, body);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assignments).toHaveLength(2);

    const mine = (await fixture.member.client.get('/api/learn/assigned')).json();
    expect(mine.assignments).toHaveLength(1);
    expect(mine.assignments[0]).toMatchObject({
      due_date: due,
      percent: 0,
      is_overdue: false,
      team_id: fixture.teamId,
    });
    expect(mine.assignments[0].card.collection_id).toBe(fixture.python.collection.id);

    const bell = (await fixture.member.client.get('/api/workflow/notifications')).json();
    expect(bell.unread_count).toBeGreaterThan(0);
    expect(bell.notifications[0]).toMatchObject({
      type: NotificationType.ContentAssigned,
      link: '/learn/assigned',
    });

    // Completing a lesson shows on the manager's dashboard.
    const lesson = `${home(fixture.python)}/page/${fixture.python.pageIds[0]}`;
    expect((await fixture.member.client.get(lesson)).statusCode).toBe(200);
    const complete = await fixture.member.client.put(`${lesson}/completion`, { completed: true });
    expect(complete.statusCode, complete.body).toBe(200);
    const dashboard = (await fixture.manager.client.get(`${base}/progress`)).json();
    const row = dashboard.members.find((m: { member_id: number }) => m.member_id === fixture.memberId);
    expect(row.assignments[0].percent).toBe(33);

    const csv = await fixture.manager.client.get(`${base}/progress/export`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${fixture.member.email},Python course,course`);

    // Move the due date into the past: overdue, and the member is told.
    const assignmentId = mine.assignments[0].assignment_id;
    const past = '2020-01-01';
    expect(
      (
        await fixture.member.client.put(`${base}/update-completion-date`, {
          assignment_id: assignmentId,
          due_date: past,
        })
      ).statusCode,
    ).toBe(403);
    const moved = await fixture.admin.client.put(`${base}/update-completion-date`, {
      assignment_id: assignmentId,
      due_date: past,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ is_overdue: true });
    const overdue = (
      await fixture.admin.client.post('/api/overdue-alert/search', {
        organization_id: fixture.organizationId,
      })
    ).json();
    expect(overdue.items.map((item: { member_id: number }) => item.member_id)).toContain(fixture.memberId);
    const after = (await fixture.member.client.get('/api/workflow/notifications')).json();
    expect(after.notifications[0].type).toBe(NotificationType.DueDateChanged);

    // Another organization's admin cannot move it.
    const foreign = await fixture.otherAdmin.client.put(`${base}/update-completion-date`, {
      assignment_id: assignmentId,
      due_date: null,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('an excluded course cannot be assigned', async () => {
    const { go } = await courses();
    const admin = await person();
    const org = await buildOrganization(t.database, {
      excluded: [ref(go)],
      members: [{ email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin }],
    });
    const response = await admin.client.post(`/api/organization/${org.organizationId}/assign-courses`, {
      works: [ref(go)],
      member_ids: [org.memberIds.get(admin.email)!],
    });
    expect(response.statusCode).toBe(404);
    expect(await repo.assignmentsOf(t.database.db, org.organizationId)).toEqual([]);
  });

  it('refuses unknown fields and bad input without writing', async () => {
    const base = `/api/organization/${fixture.organizationId}`;
    const bad = await fixture.admin.client.put(`${base}/users/add`, {
      emails: ['a@example.com'],
      admin: true,
    });
    expect(bad.statusCode).toBe(400);
    expect((await fixture.admin.client.put(`${base}/users/add`, { emails: [] })).statusCode).toBe(400);
    expect((await fixture.admin.client.post(`${base}/teams`, { name: '' })).statusCode).toBe(400);
  });
});

describe('notifications by e-mail, through the worker', () => {
  it('mails an assignment with an unsubscribe link, unless the member turned learning reminders off', async () => {
    const { python } = await courses();
    const admin = await person();
    const keen = await person('Keen');
    const quiet = await person('Quiet');
    const org = await buildOrganization(t.database, {
      members: [
        { email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin },
        { email: keen.email, userId: keen.user.id, role: EnterpriseRole.Learner },
        { email: quiet.email, userId: quiet.user.id, role: EnterpriseRole.Learner },
      ],
    });
    const off = await quiet.client.put('/api/user/notification-preferences', {
      preferences: { learning_reminders: { email: false, in_app: true } },
    });
    expect(off.statusCode).toBe(200);
    const assigned = await admin.client.post(`/api/organization/${org.organizationId}/assign-courses`, {
      works: [ref(python)],
      member_ids: [org.memberIds.get(keen.email)!, org.memberIds.get(quiet.email)!],
    });
    expect(assigned.statusCode).toBe(200);
    const mailTo = async (email: string) =>
      await t.database.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
    const [mail] = await waitFor(async () => {
      const rows = await mailTo(keen.user.email);
      return rows.length > 0 ? rows : null;
    }, 'assignment mail');
    expect(mail?.subject).toBe('Python course was assigned to you');
    expect(mail?.textBody).toContain('http://localhost:3000/settings#notifications');
    // Both jobs ran (the worker handles them in order); the quiet member got none, yet sees it in the app.
    await waitFor(async () => {
      const left = await t.database.db.execute(
        `SELECT count(*)::int AS n FROM jobs WHERE kind = 'notifications.mail' AND state IN ('queued', 'running')`,
      );
      return (left as unknown as { rows: Array<{ n: number }> }).rows[0]?.n === 0;
    }, 'mail jobs done');
    expect(await mailTo(quiet.user.email)).toEqual([]);
    expect((await quiet.client.get('/api/workflow/notifications/unread-count')).json().unread_count).toBe(1);
  });
});

describe('notifications (spec 002 §3.6)', () => {
  it('lists the caller’s own, marks one and all read, and refuses another’s', async () => {
    const { user, client } = await person();
    const other = await person();
    const rows = await t.database.db.execute(
      `INSERT INTO notifications (user_id, type, title, created_at) VALUES (${user.id}, 8012, 'One', now()), (${user.id}, 8015, 'Two', now()), (${other.user.id}, 8012, 'Theirs', now()) RETURNING id`,
    );
    const ids = (rows as unknown as { rows: Array<{ id: string | number }> }).rows.map((row) =>
      Number(row.id),
    );
    expect((await client.get('/api/workflow/notifications/unread-count')).json()).toEqual({
      unread_count: 2,
    });
    expect((await client.put(`/api/workflow/notifications/${ids[2]}/read`)).statusCode).toBe(404);
    expect((await client.put(`/api/workflow/notifications/${ids[0]}/read`)).json()).toEqual({
      unread_count: 1,
    });
    expect((await client.put('/api/workflow/notifications/mark-all-read')).json()).toEqual({
      unread_count: 0,
    });
    const list = (await client.get('/api/workflow/notifications')).json();
    expect(
      list.notifications.every((n: { read_state: number }) => n.read_state === NotificationReadState.Read),
    ).toBe(true);
    expect(list.total).toBe(2);
    expect((await other.client.get('/api/workflow/notifications/unread-count')).json()).toEqual({
      unread_count: 1,
    });
    expect((await new TestClient(t.app).get('/api/workflow/notifications')).statusCode).toBe(401);
  });
});
