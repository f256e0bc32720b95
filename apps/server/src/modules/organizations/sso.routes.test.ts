import { EnterpriseRole, OrganizationErrors, SSO_SIGNUP_HOME, SsoErrors } from '@coderoom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import {
  type FakeOidc,
  type FakeSaml,
  startFakeOidc,
  startFakeSaml,
} from '../../test/fakeIdentityProviders.js';
import { buildTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { buildOrganization } from './organizations.test-support.js';

// Single sign-on through real protocol flows: the fake IdPs are HTTP servers on 127.0.0.1, the app reaches
// them with openid-client / node-saml, and the browser's part (following redirects, posting the IdP's
// form) is played by these tests.

let t: TestApp;
let oidcIdp: FakeOidc;
let samlIdp: FakeSaml;
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  t = await buildTestApp();
  oidcIdp = await startFakeOidc({
    clientId: 'coderoom-client',
    clientSecret: 'coderoom-secret',
    person: { email: 'ada@oidc-corp.test', name: 'Ada Lovelace' },
  });
  samlIdp = await startFakeSaml({
    entityId: 'http://idp.saml-corp.test/metadata',
    person: { email: 'grace@saml-corp.test', name: 'Grace Hopper' },
  });
});
afterAll(async () => {
  await oidcIdp.close();
  await samlIdp.close();
  await t.close();
});

async function person(role?: number) {
  const user = await buildUser(t.database, { fullName: 'Person' });
  const client = new TestClient(t.app);
  expect(
    (await client.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
  ).toBe(200);
  return { user, client, email: user.email.toLowerCase(), role };
}

/** An organization with an admin, a manager and a member, each signed in. */
async function organization(seats = 25) {
  const admin = await person();
  const manager = await person();
  const member = await person();
  const built = await buildOrganization(t.database, {
    seats,
    members: [
      { email: admin.email, userId: admin.user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      { email: manager.email, userId: manager.user.id, role: EnterpriseRole.Manager },
      { email: member.email, userId: member.user.id, role: EnterpriseRole.Learner },
    ],
  });
  return { ...built, admin, manager, member };
}

const oidcConfig = (domains: string[]) => ({
  protocol: 'oidc',
  email_domains: domains,
  issuer: oidcIdp.issuer,
  client_id: 'coderoom-client',
  client_secret: 'coderoom-secret',
});

/** The browser's part of an OIDC sign-in: start, follow the IdP's redirect, land on our callback. */
async function oidcRoundTrip(browser: TestClient, email: string) {
  const started = await browser.post('/api/sso/start', { email });
  expect(started.statusCode).toBe(200);
  const atIdp = await fetch(started.json().redirect_url, { redirect: 'manual' });
  expect(atIdp.status).toBe(302);
  const back = new URL(atIdp.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe(`${PUBLIC}/api/sso/oidc/callback`);
  const callback = `${back.pathname}${back.search}`;
  return { callback, landed: await browser.get(callback) };
}

/** The browser's part of a SAML sign-in: start, get the IdP's page, post its form to our ACS. */
async function samlStart(browser: TestClient, email: string) {
  const started = await browser.post('/api/sso/start', { email });
  expect(started.statusCode).toBe(200);
  const atIdp = await fetch(started.json().redirect_url);
  expect(atIdp.status).toBe(200);
  const html = await atIdp.text();
  const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
  return { acs: new URL(action).pathname, samlResponse: samlIdp.responseFor() };
}

function postAcs(browser: TestClient, acs: string, samlResponse: string) {
  return browser.request('POST', acs, undefined, {
    rawBody: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:1' },
    csrf: false,
  });
}

describe('SSO configuration (admins only)', () => {
  it('admins set it up; secrets never come back; others are refused; domains belong to one organization', async () => {
    const org = await organization();
    const path = `/api/organization/${org.organizationId}/sso-config`;
    const saved = await org.admin.client.put(path, oidcConfig(['config-one.test']));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().config).toMatchObject({
      protocol: 'oidc',
      email_domains: ['config-one.test'],
      oidc: { issuer: oidcIdp.issuer, client_id: 'coderoom-client', has_client_secret: true },
    });
    expect(saved.body).not.toContain('coderoom-secret');
    expect(saved.json().service_provider.oidc_redirect_uri).toBe(`${PUBLIC}/api/sso/oidc/callback`);

    for (const who of [org.manager, org.member]) {
      expect((await who.client.get(path)).statusCode).toBe(403);
      const refused = await who.client.put(path, oidcConfig(['config-two.test']));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorText).toBe(OrganizationErrors.NotAllowed);
      expect(
        (await who.client.put(`${path.replace('sso-config', 'login-method')}`, { login_method: 'both' }))
          .statusCode,
      ).toBe(403);
      expect((await who.client.post(`/api/organization/${org.organizationId}/scim-token`)).statusCode).toBe(
        403,
      );
    }
    const other = await organization();
    const cross = await other.admin.client.get(path);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().errorText).toBe(OrganizationErrors.NotAMember);
    expect((await other.admin.client.put(path, oidcConfig(['x.test']))).statusCode).toBe(404);

    const taken = await other.admin.client.put(
      `/api/organization/${other.organizationId}/sso-config`,
      oidcConfig(['config-one.test']),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorText).toBe(SsoErrors.DomainTaken);

    const badCert = await org.admin.client.put(path, {
      protocol: 'saml',
      email_domains: ['config-one.test'],
      entry_point: samlIdp.entryPoint,
      idp_issuer: samlIdp.entityId,
      idp_cert: 'not a certificate',
    });
    expect(badCert.statusCode).toBe(400);
    expect(badCert.json().errorText).toBe(SsoErrors.InvalidCertificate);
    const strict = await org.admin.client.put(path, { ...oidcConfig(['config-one.test']), extra: true });
    expect(strict.statusCode).toBe(400);
    expect((await org.admin.client.put(path, oidcConfig(['not a domain']))).statusCode).toBe(400);
  });

  it('login method: SSO needs a configuration first; an SSO-only organization refuses password logins', async () => {
    const org = await organization();
    const method = `/api/organization/${org.organizationId}/login-method`;
    const early = await org.admin.client.put(method, { login_method: 'sso' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errorText).toBe(SsoErrors.SsoRequiredForMethod);
    await org.admin.client.put(
      `/api/organization/${org.organizationId}/sso-config`,
      oidcConfig(['only-sso.test']),
    );
    expect((await org.admin.client.put(method, { login_method: 'sso' })).json()).toEqual({
      login_method: 'sso',
    });
    expect((await org.admin.client.get(`/api/organization/${org.organizationId}`)).json().login_method).toBe(
      'sso',
    );

    const employee = await buildUser(t.database, { email: 'pat@only-sso.test' });
    const refused = await new TestClient(t.app).post('/api/user/login', {
      email: employee.email,
      password: employee.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorText).toBe(SsoErrors.PasswordLoginDisabled);
    await org.admin.client.put(method, { login_method: 'both' });
    const allowed = await new TestClient(t.app).post('/api/user/login', {
      email: employee.email,
      password: employee.password,
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('"Sign in with SSO" with an address no organization signs in answers 404', async () => {
    const answer = await new TestClient(t.app).post('/api/sso/start', { email: 'someone@nowhere.test' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().errorText).toBe(SsoErrors.NoSsoForDomain);
    expect(
      (await new TestClient(t.app).post('/api/sso/start', { email: 'x@y.test', more: 1 })).statusCode,
    ).toBe(400);
  });
});

describe('OpenID Connect sign-in', () => {
  let org: Awaited<ReturnType<typeof organization>>;
  beforeAll(async () => {
    org = await organization();
    const saved = await org.admin.client.put(
      `/api/organization/${org.organizationId}/sso-config`,
      oidcConfig(['oidc-corp.test']),
    );
    expect(saved.statusCode).toBe(200);
  });

  it('signs a new person in (account and membership just in time); the same answer replayed is refused', async () => {
    const browser = new TestClient(t.app);
    const { callback, landed } = await oidcRoundTrip(browser, 'ada@oidc-corp.test');
    expect(landed.statusCode).toBe(303);
    // A new account: the app is told, so it sends the stored attribution (POST /api/user/utm).
    expect(landed.headers.location).toBe(SSO_SIGNUP_HOME);
    const info = (await browser.get('/api/user/info')).json();
    expect(info.email).toBe('ada@oidc-corp.test');
    expect(info.full_name).toBe('Ada Lovelace');
    expect(info.enterprise.active_organization_id).toBe(org.organizationId);
    expect(info.enterprise.organizations[0]).toMatchObject({ role: EnterpriseRole.Learner, is_admin: false });

    // The admin sees the new member.
    const members = (await org.admin.client.get(`/api/organization/${org.organizationId}/users`)).json();
    expect(JSON.stringify(members)).toContain('ada@oidc-corp.test');

    const tokensBefore = oidcIdp.tokenRequests;
    const replay = await new TestClient(t.app).get(callback);
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/login?sso_error=state');
    const again = await browser.get(callback);
    expect(again.headers.location).toBe('/login?sso_error=state');
    expect(oidcIdp.tokenRequests).toBe(tokensBefore);
  });

  it('a returning person lands on the home page; after a sign-up the app records the attribution', async () => {
    const browser = new TestClient(t.app);
    const { landed } = await oidcRoundTrip(browser, 'ada@oidc-corp.test');
    expect(landed.headers.location).toBe('/');
    // What the web app sends after a just-in-time sign-up (docs/organizations.md).
    const sent = await browser.post('/api/user/utm', {
      utm: { utm_source: 'okta', utm_campaign: 'sso-rollout' },
      referral_site: 'intranet.oidc-corp.test',
    });
    expect(sent.statusCode).toBe(200);
    const stored = (await browser.get('/api/user/utm')).json();
    expect(stored.utm).toEqual({ utm_source: 'okta', utm_campaign: 'sso-rollout' });
    expect(stored.utm_init).toEqual({ utm_source: 'okta', utm_campaign: 'sso-rollout' });
  });

  it('an answer carried to another browser is refused (the sign-in is bound to the one that started it)', async () => {
    const started = await new TestClient(t.app).post('/api/sso/start', { email: 'ada@oidc-corp.test' });
    const atIdp = await fetch(started.json().redirect_url, { redirect: 'manual' });
    const back = new URL(atIdp.headers.get('location') ?? '');
    const stranger = new TestClient(t.app);
    const landed = await stranger.get(`${back.pathname}${back.search}`);
    expect(landed.headers.location).toBe('/login?sso_error=state');
    expect((await stranger.get('/api/user/info')).statusCode).toBe(401);
  });

  it('refuses an ID token signed with another key, for another audience, expired, or for another domain', async () => {
    const cases: Array<[string, () => void, string]> = [
      ['signature', () => Object.assign(oidcIdp.knobs, { signWithWrongKey: true }), 'ada@oidc-corp.test'],
      ['audience', () => Object.assign(oidcIdp.knobs, { audience: 'someone-else' }), 'ada@oidc-corp.test'],
      ['expired', () => Object.assign(oidcIdp.knobs, { expiresInSeconds: -120 }), 'ada@oidc-corp.test'],
      ['domain', () => undefined, 'eve@elsewhere.test'],
    ];
    for (const [failure, misbehave, email] of cases) {
      misbehave();
      oidcIdp.options.person = { email, name: 'Someone' };
      const browser = new TestClient(t.app);
      const { landed } = await oidcRoundTrip(browser, 'ada@oidc-corp.test');
      Object.assign(oidcIdp.knobs, { signWithWrongKey: false, audience: null, expiresInSeconds: 300 });
      oidcIdp.options.person = { email: 'ada@oidc-corp.test', name: 'Ada Lovelace' };
      expect([failure, landed.headers.location]).toEqual([failure, `/login?sso_error=${failure}`]);
      expect(landed.cookies.some((cookie) => cookie.name === 'coderoom_session' && cookie.value)).toBe(false);
      expect((await browser.get('/api/user/info')).statusCode).toBe(401);
    }
  });

  it('refuses a newcomer when the organization has no free seat', async () => {
    const full = await organization(3);
    await full.admin.client.put(
      `/api/organization/${full.organizationId}/sso-config`,
      oidcConfig(['full-corp.test']),
    );
    oidcIdp.options.person = { email: 'late@full-corp.test', name: 'Late Comer' };
    const browser = new TestClient(t.app);
    const { landed } = await oidcRoundTrip(browser, 'late@full-corp.test');
    oidcIdp.options.person = { email: 'ada@oidc-corp.test', name: 'Ada Lovelace' };
    expect(landed.headers.location).toBe('/login?sso_error=seats');
    expect((await browser.get('/api/user/info')).statusCode).toBe(401);
  });
});

describe('SAML 2.0 sign-in', () => {
  let org: Awaited<ReturnType<typeof organization>>;
  beforeAll(async () => {
    org = await organization();
    const saved = await org.admin.client.put(`/api/organization/${org.organizationId}/sso-config`, {
      protocol: 'saml',
      email_domains: ['saml-corp.test'],
      entry_point: samlIdp.entryPoint,
      idp_issuer: samlIdp.entityId,
      idp_cert: samlIdp.publicKeyPem,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().config.saml).toEqual({
      entry_point: samlIdp.entryPoint,
      idp_issuer: samlIdp.entityId,
      has_idp_cert: true,
      logout_url: null,
    });
  });

  it('signs a person in from a signed assertion; the same response posted again is refused', async () => {
    const browser = new TestClient(t.app);
    const { acs, samlResponse } = await samlStart(browser, 'grace@saml-corp.test');
    expect(acs).toBe(`/sso/saml/${org.organizationId}/acs`);
    expect(samlIdp.lastRequest?.issuer).toBe(`${PUBLIC}/sso/saml/${org.organizationId}`);
    const landed = await postAcs(browser, acs, samlResponse);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe(SSO_SIGNUP_HOME);
    const info = (await browser.get('/api/user/info')).json();
    expect(info.email).toBe('grace@saml-corp.test');
    expect(info.enterprise.active_organization_id).toBe(org.organizationId);

    const thief = new TestClient(t.app);
    const replay = await postAcs(thief, acs, samlResponse);
    expect(replay.headers.location).toBe('/login?sso_error=state');
    expect((await thief.get('/api/user/info')).statusCode).toBe(401);
  });

  it('refuses a wrong signature, no signature, another audience, an expired assertion, another domain', async () => {
    const cases: Array<[string, Partial<FakeSaml['knobs']>, string]> = [
      ['signature', { signWithWrongKey: true }, 'grace@saml-corp.test'],
      ['signature', { unsigned: true }, 'grace@saml-corp.test'],
      ['audience', { audience: 'https://someone-else.test/sp' }, 'grace@saml-corp.test'],
      ['expired', { expired: true }, 'grace@saml-corp.test'],
      ['domain', {}, 'mallory@elsewhere.test'],
    ];
    for (const [failure, knobs, email] of cases) {
      const browser = new TestClient(t.app);
      const { acs } = await samlStart(browser, 'grace@saml-corp.test');
      Object.assign(samlIdp.knobs, knobs);
      const samlResponse = samlIdp.responseFor({ email, name: 'Some One' });
      Object.assign(samlIdp.knobs, {
        signWithWrongKey: false,
        audience: null,
        expired: false,
        unsigned: false,
      });
      const landed = await postAcs(browser, acs, samlResponse);
      expect([failure, landed.headers.location]).toEqual([failure, `/login?sso_error=${failure}`]);
      expect((await browser.get('/api/user/info')).statusCode).toBe(401);
    }
  });

  it("an assertion for one organization is refused at another organization's ACS", async () => {
    const other = await organization();
    await other.admin.client.put(`/api/organization/${other.organizationId}/sso-config`, {
      protocol: 'saml',
      email_domains: ['saml-other.test'],
      entry_point: samlIdp.entryPoint,
      idp_issuer: samlIdp.entityId,
      idp_cert: samlIdp.publicKeyPem,
    });
    const browser = new TestClient(t.app);
    const { samlResponse } = await samlStart(browser, 'grace@saml-corp.test');
    const landed = await postAcs(browser, `/sso/saml/${other.organizationId}/acs`, samlResponse);
    expect(landed.headers.location).toMatch(/^\/login\?sso_error=(state|audience)$/);
    expect((await browser.get('/api/user/info')).statusCode).toBe(401);
  });
});

describe('SAML metadata import and single logout', () => {
  let org: Awaited<ReturnType<typeof organization>>;
  let sloUrl: string;
  const person = { email: 'hedy@slo-corp.test', name: 'Hedy Lamarr' };

  beforeAll(async () => {
    org = await organization();
    // The admin pastes the IdP's metadata; the answer fills the form, which is then saved.
    const read = await org.admin.client.post(
      `/api/organization/${org.organizationId}/sso-config/saml-metadata`,
      {
        metadata_xml: samlIdp.metadataXml(),
      },
    );
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      idp_issuer: samlIdp.entityId,
      entry_point: samlIdp.entryPoint,
      logout_url: samlIdp.logoutUrl,
      idp_cert: samlIdp.certificatePem,
    });
    const saved = await org.admin.client.put(`/api/organization/${org.organizationId}/sso-config`, {
      protocol: 'saml',
      email_domains: ['slo-corp.test'],
      ...(read.json() as Record<string, unknown>),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().config.saml.logout_url).toBe(samlIdp.logoutUrl);
    sloUrl = saved.json().service_provider.saml_slo_url;
    expect(sloUrl).toBe(`${PUBLIC}/sso/saml/${org.organizationId}/slo`);
    samlIdp.spSigningKey = saved.json().service_provider.saml_sp_signing_key;
    expect(samlIdp.spSigningKey).toContain('BEGIN PUBLIC KEY');
    // Saving again keeps the same SP key (the IdP holds it).
    const again = await org.admin.client.put(`/api/organization/${org.organizationId}/sso-config`, {
      protocol: 'saml',
      email_domains: ['slo-corp.test'],
      ...(read.json() as Record<string, unknown>),
    });
    expect(again.json().service_provider.saml_sp_signing_key).toBe(samlIdp.spSigningKey);
  });

  async function signIn(who = person) {
    const browser = new TestClient(t.app);
    const { acs } = await samlStart(browser, who.email);
    const landed = await postAcs(browser, acs, samlIdp.responseFor(who));
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location === '/' || landed.headers.location === SSO_SIGNUP_HOME).toBe(true);
    expect((await browser.get('/api/user/info')).statusCode).toBe(200);
    return browser;
  }

  const signedIn = async (browser: TestClient) => (await browser.get('/api/user/info')).statusCode === 200;
  const local = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  it('metadata: admins only; not metadata, or without a redirect SSO URL or a certificate, is refused', async () => {
    const path = `/api/organization/${org.organizationId}/sso-config/saml-metadata`;
    const good = samlIdp.metadataXml();
    expect((await org.manager.client.post(path, { metadata_xml: good })).statusCode).toBe(403);
    const outsider = await organization();
    expect((await outsider.admin.client.post(path, { metadata_xml: good })).statusCode).toBe(404);
    const cases: Array<[string, string]> = [
      ['<html><body>not metadata</body></html>', SsoErrors.InvalidMetadata],
      ['<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"', SsoErrors.InvalidMetadata],
      [good.replace(/<md:SingleSignOnService[^>]*HTTP-Redirect[^>]*\/>/, ''), SsoErrors.MetadataWithoutSso],
      [
        good.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ''),
        SsoErrors.MetadataWithoutCertificate,
      ],
      [
        good.replace(/<ds:X509Certificate>[^<]*/, '<ds:X509Certificate>bm90IGEgY2VydA=='),
        SsoErrors.InvalidCertificate,
      ],
    ];
    for (const [xml, error] of cases) {
      const refused = await org.admin.client.post(path, { metadata_xml: xml });
      expect([error, refused.statusCode, refused.json().errorText]).toEqual([error, 400, error]);
    }
    expect((await org.admin.client.post(path, {})).statusCode).toBe(400);
  });

  it('SP-initiated: the session ends at once, the signed LogoutRequest names the person, the IdP answers', async () => {
    const browser = await signIn();
    const out = await browser.post('/api/sso/logout', {});
    expect(out.statusCode).toBe(200);
    const redirect: string = out.json().redirect_url;
    expect(redirect.startsWith(`${samlIdp.logoutUrl}?SAMLRequest=`)).toBe(true);
    expect(await signedIn(browser)).toBe(false);

    const atIdp = await fetch(redirect, { redirect: 'manual' });
    expect(atIdp.status).toBe(302);
    expect(samlIdp.lastLogoutRequest).toMatchObject({ nameId: person.email, signatureValid: true });
    expect(samlIdp.lastLogoutRequest?.sessionIndex).toBeTruthy();
    const back = local(atIdp.headers.get('location') ?? '');
    expect(back.startsWith(`/sso/saml/${org.organizationId}/slo?SAMLResponse=`)).toBe(true);
    const landed = await browser.get(back);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe('/');
  });

  it('SP-initiated: an unsigned, wrongly signed or foreign LogoutResponse is refused', async () => {
    for (const knobs of [
      { unsigned: true },
      { signWithWrongKey: true },
      { issuer: 'http://evil.test/idp' },
    ]) {
      const browser = await signIn();
      const redirect: string = (await browser.post('/api/sso/logout', {})).json().redirect_url;
      Object.assign(samlIdp.logoutKnobs, knobs);
      const atIdp = await fetch(redirect, { redirect: 'manual' });
      Object.assign(samlIdp.logoutKnobs, { unsigned: false, signWithWrongKey: false, issuer: null });
      const landed = await browser.get(local(atIdp.headers.get('location') ?? ''));
      expect([knobs, landed.statusCode, landed.json().errorText]).toEqual([
        knobs,
        400,
        SsoErrors.LogoutRefused,
      ]);
    }
  });

  it('a password session signs out without going to an IdP', async () => {
    const out = await org.member.client.post('/api/sso/logout', {});
    expect(out.json()).toEqual({ ok: true, redirect_url: null });
    expect(await signedIn(org.member.client)).toBe(false);
  });

  it('IdP-initiated (HTTP-Redirect): every session of the named person ends, others stay; a signed answer', async () => {
    const first = await signIn();
    const second = await signIn();
    const colleague = { email: 'ida@slo-corp.test', name: 'Ida Rhodes' };
    const other = await signIn(colleague);
    const landed = await new TestClient(t.app).get(local(samlIdp.logoutRequestUrl(sloUrl, person.email)));
    expect(landed.statusCode).toBe(303);
    const answer = new URL(landed.headers.location as string);
    expect(`${answer.origin}${answer.pathname}`).toBe(samlIdp.logoutUrl);
    expect(answer.searchParams.get('SAMLResponse')).toBeTruthy();
    expect(answer.searchParams.get('Signature')).toBeTruthy();
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(other)).toBe(true);
  });

  it('IdP-initiated (HTTP-POST): the signed LogoutRequest ends the session', async () => {
    const browser = await signIn();
    const landed = await browser.request('POST', `/sso/saml/${org.organizationId}/slo`, undefined, {
      rawBody: samlIdp.logoutRequestPost(sloUrl, person.email),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:1' },
      csrf: false,
    });
    expect(landed.statusCode).toBe(303);
    expect(await signedIn(browser)).toBe(false);
  });

  it('IdP-initiated: unsigned, wrongly signed or from another issuer is refused and ends nothing', async () => {
    const browser = await signIn();
    for (const knobs of [
      { unsigned: true },
      { signWithWrongKey: true },
      { issuer: 'http://evil.test/idp' },
    ]) {
      Object.assign(samlIdp.logoutKnobs, knobs);
      const viaRedirect = local(samlIdp.logoutRequestUrl(sloUrl, person.email));
      const viaPost = samlIdp.logoutRequestPost(sloUrl, person.email);
      Object.assign(samlIdp.logoutKnobs, { unsigned: false, signWithWrongKey: false, issuer: null });
      const redirected = await new TestClient(t.app).get(viaRedirect);
      expect([knobs, redirected.statusCode, redirected.json().errorText]).toEqual([
        knobs,
        400,
        SsoErrors.LogoutRefused,
      ]);
      const posted = await new TestClient(t.app).request(
        'POST',
        `/sso/saml/${org.organizationId}/slo`,
        undefined,
        {
          rawBody: viaPost,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:1' },
          csrf: false,
        },
      );
      expect([knobs, posted.statusCode]).toEqual([knobs, 400]);
      expect(await signedIn(browser)).toBe(true);
    }
    // Another organization's SLO endpoint does not take this IdP's request for our people.
    const elsewhere = await new TestClient(t.app).get(
      `/sso/saml/999999999/slo?SAMLRequest=x&SigAlg=y&Signature=z`,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(await signedIn(browser)).toBe(true);
  });
});
