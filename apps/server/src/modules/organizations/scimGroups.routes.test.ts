import { EnterpriseRole, NotificationType, ScimErrors, ScimSchema } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { buildOrganization, buildTeam } from './organizations.test-support.js';

// SCIM 2.0 `/Groups` as Okta and Azure AD call it: groups are the organization's teams, their members the
// organization's SCIM users. Create, list (with the displayName filter and without members), get, patch
// members and the name, replace, delete; other organizations' groups are never reached.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signedIn() {
  const user = await buildUser(t.database);
  const client = new TestClient(t.app);
  expect(
    (await client.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
  ).toBe(200);
  return { user, client, email: user.email.toLowerCase() };
}

async function organizationWithToken() {
  const admin = await signedIn();
  const built = await buildOrganization(t.database, {
    members: [{ email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 }],
  });
  const issued = await admin.client.post(`/api/organization/${built.organizationId}/scim-token`);
  expect(issued.statusCode).toBe(200);
  const token: string = issued.json().token;
  const scim = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  /** A person with an account, provisioned through SCIM /Users: answers the SCIM id. */
  const provision = async () => {
    const person = await signedIn();
    const created = await scim('POST', '/Users', { schemas: [ScimSchema.User], userName: person.email });
    expect(created.statusCode, created.body).toBe(201);
    return { ...person, scimId: created.json().id as string };
  };
  return { ...built, admin, token, scim, provision };
}

const teamRows = async (organizationId: number) =>
  (
    (await t.database.db.execute(
      `SELECT t.name, m.email, tm.role FROM organization_teams t
         LEFT JOIN organization_team_members tm ON tm.team_id = t.id
         LEFT JOIN organization_members m ON m.id = tm.member_id
       WHERE t.organization_id = ${organizationId} ORDER BY t.name, m.email`,
    )) as unknown as { rows: Array<{ name: string; email: string | null; role: number | null }> }
  ).rows;

const patch = (...Operations: unknown[]) => ({ schemas: [ScimSchema.PatchOp], Operations });

describe('SCIM /Groups (teams)', () => {
  it('creates a group with members as a team; lists, filters and gets it in RFC 7644 shapes', async () => {
    const org = await organizationWithToken();
    const ana = await org.provision();
    const ben = await org.provision();

    const created = await org.scim('POST', '/Groups', {
      schemas: [ScimSchema.Group],
      displayName: 'Robotics',
      members: [{ value: ana.scimId }, { value: ben.scimId }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['content-type']).toContain('application/scim+json');
    const group = created.json();
    expect(group).toMatchObject({
      schemas: [ScimSchema.Group],
      displayName: 'Robotics',
      meta: { resourceType: 'Group', location: `http://localhost:3000/scim/v2/Groups/${group.id}` },
    });
    expect(group.members.map((m: { value: string }) => m.value).sort()).toEqual(
      [ana.scimId, ben.scimId].sort(),
    );
    expect(await teamRows(org.organizationId)).toEqual(
      [
        { name: 'Robotics', email: ana.email, role: 7000 },
        { name: 'Robotics', email: ben.email, role: 7000 },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    // The people hear it; the team shows in the app.
    const bell = (await ana.client.get('/api/workflow/notifications')).json().notifications;
    expect(bell.map((n: { type: number }) => n.type)).toContain(NotificationType.AddedToTeam);
    const teams = (await org.admin.client.get(`/api/organization/${org.organizationId}/teams`)).json().teams;
    expect(teams.map((team: { name: string }) => team.name)).toEqual(['Robotics']);

    const again = await org.scim('POST', '/Groups', { displayName: 'robotics' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ scimType: 'uniqueness', detail: ScimErrors.GroupExists });

    await org.scim('POST', '/Groups', { displayName: 'Design' });
    const all = (await org.scim('GET', '/Groups')).json();
    expect(all).toMatchObject({
      schemas: [ScimSchema.ListResponse],
      totalResults: 2,
      startIndex: 1,
      itemsPerPage: 2,
    });
    const filtered = (
      await org.scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "Robotics"')}`)
    ).json();
    expect(filtered.Resources.map((g: { id: string }) => g.id)).toEqual([group.id]);
    const lean = (await org.scim('GET', '/Groups?excludedAttributes=members&count=1&startIndex=2')).json();
    expect(lean).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(lean.Resources[0].members).toBeUndefined();
    const badFilter = await org.scim('GET', `/Groups?filter=${encodeURIComponent('displayName co "Rob"')}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().scimType).toBe('invalidFilter');

    const one = await org.scim('GET', `/Groups/${group.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().displayName).toBe('Robotics');
    expect((await org.scim('GET', '/Groups/abc')).statusCode).toBe(404);

    // A member that is not a SCIM user of this organization: refused, nothing written.
    const stranger = await org.scim('POST', '/Groups', {
      displayName: 'Ghosts',
      members: [{ value: 'not-a-user' }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ scimType: 'invalidValue', detail: ScimErrors.UnknownMember });
    expect((await teamRows(org.organizationId)).map((row) => row.name)).not.toContain('Ghosts');
  });

  it('patches members (add, remove by filter, replace) and the name; app-added members are left alone', async () => {
    const org = await organizationWithToken();
    const ana = await org.provision();
    const ben = await org.provision();
    const cat = await org.provision();
    const group = (
      await org.scim('POST', '/Groups', { displayName: 'Platform', members: [{ value: ana.scimId }] })
    ).json();
    // Someone the app added to the team (not through SCIM) stays whatever the IdP sends.
    const local = await signedIn();
    await t.database.db.execute(
      `INSERT INTO organization_members (organization_id, email, user_id, role, created_at)
       VALUES (${org.organizationId}, '${local.email}', ${local.user.id}, 7002, now())`,
    );
    await t.database.db.execute(
      `INSERT INTO organization_team_members (team_id, member_id, role)
       SELECT ${group.id}, id, 7001 FROM organization_members
       WHERE organization_id = ${org.organizationId} AND email = '${local.email}'`,
    );

    const addBen = await org.scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch({ op: 'add', path: 'members', value: [{ value: ben.scimId }] }),
    );
    expect(addBen.statusCode, addBen.body).toBe(200);
    expect(
      addBen
        .json()
        .members.map((m: { value: string }) => m.value)
        .sort(),
    ).toEqual([ana.scimId, ben.scimId].sort());

    const removeAna = await org.scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch(
        { op: 'remove', path: `members[value eq "${ana.scimId}"]` },
        { op: 'Replace', value: { displayName: 'Platform team' } },
      ),
    );
    expect(removeAna.statusCode, removeAna.body).toBe(200);
    expect(removeAna.json()).toMatchObject({
      displayName: 'Platform team',
      members: [{ value: ben.scimId }],
    });
    const told = (await ana.client.get('/api/workflow/notifications')).json().notifications;
    expect(told[0].type).toBe(NotificationType.RemovedFromTeam);

    const replaced = await org.scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch({ op: 'replace', path: 'members', value: [{ value: cat.scimId }] }),
    );
    expect(replaced.json().members).toEqual([
      expect.objectContaining({ value: cat.scimId, display: cat.email }),
    ]);
    expect(await teamRows(org.organizationId)).toEqual(
      [
        { name: 'Platform team', email: cat.email, role: 7000 },
        { name: 'Platform team', email: local.email, role: 7001 },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );

    // An unsupported path, or an unknown member, changes nothing (one transaction).
    const bad = await org.scim(
      'PATCH',
      `/Groups/${group.id}`,
      patch(
        { op: 'add', path: 'members', value: [{ value: ana.scimId }] },
        { op: 'replace', path: 'externalId', value: 'x' },
      ),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().scimType).toBe('invalidPath');
    expect((await org.scim('GET', `/Groups/${group.id}`)).json().members).toHaveLength(1);
    const notPatchOp = await org.scim('PATCH', `/Groups/${group.id}`, {
      schemas: ['urn:other'],
      Operations: [{ op: 'add', path: 'members', value: [] }],
    });
    expect(notPatchOp.statusCode).toBe(400);

    // PUT: the whole group.
    const put = await org.scim('PUT', `/Groups/${group.id}`, {
      schemas: [ScimSchema.Group],
      displayName: 'Platform',
      members: [{ value: ana.scimId }, { value: ben.scimId }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      put
        .json()
        .members.map((m: { value: string }) => m.value)
        .sort(),
    ).toEqual([ana.scimId, ben.scimId].sort());

    // A deactivated SCIM user drops out of the group (the membership went with it).
    const off = await org.scim(
      'PATCH',
      `/Users/${ben.scimId}`,
      patch({ op: 'replace', path: 'active', value: false }),
    );
    expect(off.statusCode).toBe(200);
    expect(
      (await org.scim('GET', `/Groups/${group.id}`)).json().members.map((m: { value: string }) => m.value),
    ).toEqual([ana.scimId]);

    const deleted = await org.scim('DELETE', `/Groups/${group.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await org.scim('GET', `/Groups/${group.id}`)).statusCode).toBe(404);
    expect(await teamRows(org.organizationId)).toEqual([]);
  });

  it('another organization’s token never reaches a group; no token is a 401', async () => {
    const org = await organizationWithToken();
    const other = await organizationWithToken();
    const teamId = await buildTeam(t.database, org.organizationId, 'Private', []);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { displayName: 'Taken over' }],
      ['PATCH', patch({ op: 'replace', path: 'displayName', value: 'Taken over' })],
      ['DELETE', undefined],
    ] as const) {
      const response = await other.scim(method, `/Groups/${teamId}`, body);
      expect(response.statusCode, `${method}`).toBe(404);
      expect(response.json()).toMatchObject({ schemas: [ScimSchema.Error], status: '404' });
    }
    expect((await other.scim('GET', '/Groups')).json().totalResults).toBe(0);
    expect((await teamRows(org.organizationId)).map((row) => row.name)).toEqual(['Private']);
    const anonymous = await t.app.inject({ method: 'GET', url: '/scim/v2/Groups' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(ScimErrors.Unauthorized);
  });
});
