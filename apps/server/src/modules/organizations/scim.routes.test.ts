import { EnterpriseRole, ScimErrors, ScimSchema, SSO_SIGNUP_HOME } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, buildUser } from '../../test/factories.js';
import { type FakeOidc, startFakeOidc } from '../../test/fakeIdentityProviders.js';
import { buildTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { buildOrganization } from './organizations.test-support.js';

// SCIM 2.0 provisioning with an organization's bearer token, as Okta and Azure AD call it; deprovisioning
// ends access at once (the member's SSO sessions end, what they may read is the public catalogue again).

let t: TestApp;
let idp: FakeOidc;

beforeAll(async () => {
  t = await buildTestApp();
  idp = await startFakeOidc({
    clientId: 'scim-client',
    clientSecret: 'scim-secret',
    person: { email: 'new.hire@scim-corp.test', name: 'New Hire' },
  });
});
afterAll(async () => {
  await idp.close();
  await t.close();
});

async function signedIn(email?: string) {
  const user = await buildUser(t.database, email ? { email } : {});
  const client = new TestClient(t.app);
  expect(
    (await client.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
  ).toBe(200);
  return { user, client, email: user.email.toLowerCase() };
}

async function organizationWithToken(
  options: { seats?: number; excluded?: { author_id: number; work_id: number }[] } = {},
) {
  const admin = await signedIn();
  const member = await signedIn();
  const built = await buildOrganization(t.database, {
    seats: options.seats ?? 25,
    ...(options.excluded ? { excluded: options.excluded } : {}),
    members: [
      { email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      { email: member.email, userId: member.user.id, role: EnterpriseRole.Learner },
    ],
  });
  const issued = await admin.client.post(`/api/organization/${built.organizationId}/scim-token`);
  expect(issued.statusCode).toBe(200);
  expect(issued.json().scim_base_url).toBe('http://localhost:3000/scim/v2');
  const token: string = issued.json().token;
  const scim = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    bearer = token,
  ) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return { ...built, admin, member, token, scim };
}

const newUser = (email: string) => ({
  schemas: [ScimSchema.User],
  userName: email,
  externalId: `ext-${email}`,
  name: { givenName: 'New', familyName: 'Hire' },
  emails: [{ value: email, primary: true, type: 'work' }],
  active: true,
});

const deactivate = {
  schemas: [ScimSchema.PatchOp],
  Operations: [{ op: 'replace', value: { active: false } }],
};

describe('SCIM 2.0 Users', () => {
  it("needs the organization's bearer token; only its admin may issue one", async () => {
    const org = await organizationWithToken();
    const none = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      schemas: [ScimSchema.Error],
      status: '401',
      detail: ScimErrors.Unauthorized,
    });
    expect((await org.scim('GET', '/Users', undefined, 'scim_guessed')).statusCode).toBe(401);
    expect(
      (await org.member.client.post(`/api/organization/${org.organizationId}/scim-token`)).statusCode,
    ).toBe(403);
    const outsider = await signedIn();
    expect(
      (await outsider.client.post(`/api/organization/${org.organizationId}/scim-token`)).statusCode,
    ).toBe(404);

    // A new token replaces the old one at once.
    const again = await org.admin.client.post(`/api/organization/${org.organizationId}/scim-token`);
    expect((await org.scim('GET', '/Users')).statusCode).toBe(401);
    expect((await org.scim('GET', '/Users', undefined, again.json().token)).statusCode).toBe(200);
  });

  it('creates, lists, filters, gets; a second user with the same userName is a conflict', async () => {
    const org = await organizationWithToken();
    const created = await org.scim('POST', '/Users', newUser('Ana@Scim-Corp.test'));
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toContain('application/scim+json');
    const user = created.json();
    expect(user).toMatchObject({
      schemas: [ScimSchema.User],
      userName: 'ana@scim-corp.test',
      externalId: 'ext-Ana@Scim-Corp.test',
      active: true,
      name: { givenName: 'New', familyName: 'Hire' },
      meta: { resourceType: 'User', location: `http://localhost:3000/scim/v2/Users/${user.id}` },
    });
    const duplicate = await org.scim('POST', '/Users', newUser('ana@scim-corp.test'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().scimType).toBe('uniqueness');

    // The provisioned person is a member (by address, before they ever signed in).
    const members = (await org.admin.client.get(`/api/organization/${org.organizationId}/users`)).json();
    expect(JSON.stringify(members)).toContain('ana@scim-corp.test');

    await org.scim('POST', '/Users', newUser('ben@scim-corp.test'));
    const all = (await org.scim('GET', '/Users')).json();
    expect(all).toMatchObject({ schemas: [ScimSchema.ListResponse], totalResults: 2, startIndex: 1 });
    const filtered = (
      await org.scim('GET', `/Users?filter=${encodeURIComponent('userName eq "BEN@scim-corp.test"')}`)
    ).json();
    expect(filtered.totalResults).toBe(1);
    expect(filtered.Resources[0].userName).toBe('ben@scim-corp.test');
    const page = (await org.scim('GET', '/Users?startIndex=2&count=1')).json();
    expect(page).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect((await org.scim('GET', `/Users?filter=${encodeURIComponent('emails co "x"')}`)).statusCode).toBe(
      400,
    );
    expect((await org.scim('GET', `/Users/${user.id}`)).json().userName).toBe('ana@scim-corp.test');
    expect((await org.scim('POST', '/Users', newUser('not-an-email'))).statusCode).toBe(400);
    expect((await org.scim('POST', '/Users', { schemas: [] })).statusCode).toBe(400);
  });

  it("never reaches another organization's users", async () => {
    const one = await organizationWithToken();
    const two = await organizationWithToken();
    const user = (await one.scim('POST', '/Users', newUser('cross@scim-one.test'))).json();
    expect((await two.scim('GET', `/Users/${user.id}`)).statusCode).toBe(404);
    expect((await two.scim('PATCH', `/Users/${user.id}`, deactivate)).statusCode).toBe(404);
    expect((await two.scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(404);
    expect((await two.scim('GET', '/Users')).json().totalResults).toBe(0);
    expect((await one.scim('GET', `/Users/${user.id}`)).json().active).toBe(true);
  });

  it('deactivating ends access at once: SSO sessions end, the subscription no longer bounds what they read', async () => {
    const author = await buildUser(t.database, { fullName: 'Author' });
    const go = await buildCourse(t.database, { author, topic: 'Go', title: 'Go course' });
    const org = await organizationWithToken({
      excluded: [{ author_id: go.collection.authorId, work_id: go.collection.id }],
    });
    const saved = await org.admin.client.put(`/api/organization/${org.organizationId}/sso-config`, {
      protocol: 'oidc',
      email_domains: ['scim-corp.test'],
      issuer: idp.issuer,
      client_id: 'scim-client',
      client_secret: 'scim-secret',
    });
    expect(saved.statusCode).toBe(200);
    const provisioned = (await org.scim('POST', '/Users', newUser('new.hire@scim-corp.test'))).json();

    // The new hire signs in through SSO (a real OIDC round trip). SCIM provisioned them in the organization's
    // directory only; their account is made at this first sign-in, so they land on the sign-up home.
    const browser = new TestClient(t.app);
    const started = await browser.post('/api/sso/start', { email: 'new.hire@scim-corp.test' });
    const atIdp = await fetch(started.json().redirect_url, { redirect: 'manual' });
    const back = new URL(atIdp.headers.get('location') ?? '');
    expect((await browser.get(`${back.pathname}${back.search}`)).headers.location).toBe(SSO_SIGNUP_HOME);
    const info = (await browser.get('/api/user/info')).json();
    expect(info.enterprise.active_organization_id).toBe(org.organizationId);
    const goHome = `/api/reader/collection/${go.collection.authorId}/${go.collection.id}`;
    expect((await browser.get(goHome)).statusCode).toBe(404);

    // The same person also has a password session (they set a password): it stays, but bounded no more.
    const passwordUser = await signedIn();
    await org.scim('POST', '/Users', newUser(passwordUser.email));
    expect((await passwordUser.client.get(goHome)).statusCode).toBe(404);

    const off = await org.scim('PATCH', `/Users/${provisioned.id}`, deactivate);
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await browser.get('/api/user/info')).statusCode).toBe(401);
    const members = (await org.admin.client.get(`/api/organization/${org.organizationId}/users`)).json();
    expect(JSON.stringify(members)).not.toContain('new.hire@scim-corp.test');

    const passwordScim = (
      await org.scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${passwordUser.email}"`)}`)
    ).json();
    const del = await org.scim('DELETE', `/Users/${passwordScim.Resources[0].id}`);
    expect(del.statusCode).toBe(204);
    expect((await org.scim('GET', `/Users/${passwordScim.Resources[0].id}`)).statusCode).toBe(404);
    const after = (await passwordUser.client.get('/api/user/info')).json();
    expect(after.enterprise.organizations).toEqual([]);
    expect((await passwordUser.client.get(goHome)).statusCode).toBe(200);

    // Reactivated (PATCH with a path, as Azure AD sends it): a member again.
    const on = await org.scim('PATCH', `/Users/${provisioned.id}`, {
      schemas: [ScimSchema.PatchOp],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(on.json().active).toBe(true);
    const again = (await org.admin.client.get(`/api/organization/${org.organizationId}/users`)).json();
    expect(JSON.stringify(again)).toContain('new.hire@scim-corp.test');
    const bad = await org.scim('PATCH', `/Users/${provisioned.id}`, {
      schemas: [ScimSchema.PatchOp],
      Operations: [{ op: 'replace', path: 'userName', value: 'x@y.test' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('PUT replaces name and active; provisioning stops at the seats', async () => {
    const org = await organizationWithToken({ seats: 3 });
    const first = (await org.scim('POST', '/Users', newUser('one@seat-corp.test'))).json();
    const full = await org.scim('POST', '/Users', newUser('two@seat-corp.test'));
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe(ScimErrors.SeatsExceeded);
    expect((await org.scim('GET', '/Users')).json().totalResults).toBe(1);
    const replaced = await org.scim('PUT', `/Users/${first.id}`, {
      ...newUser('one@seat-corp.test'),
      name: { givenName: 'Uno', familyName: 'Primero' },
      active: false,
    });
    expect(replaced.json()).toMatchObject({
      active: false,
      name: { givenName: 'Uno', familyName: 'Primero' },
    });
    expect((await org.scim('POST', '/Users', newUser('two@seat-corp.test'))).statusCode).toBe(201);
  });
});
