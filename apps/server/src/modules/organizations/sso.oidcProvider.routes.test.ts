import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EnterpriseRole, SSO_FAILURE_TEXT, SSO_SIGNUP_HOME, SsoFailure } from '@coderoom/domain';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { buildTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { buildOrganization } from './organizations.test-support.js';

// OpenID Connect sign-in against `oidc-provider`, a certified OpenID Provider, started in this process on
// 127.0.0.1 (sso.routes.test.ts covers the other cases with our own IdP servers). The provider knows our
// client (secret sent in the token request body, as openid-client sends it by default; PKCE S256) and two
// accounts; its login and consent interactions are a minimal implementation on `interactionFinished`, and
// the person at the IdP is played by these tests (a cookie jar of the IdP's own cookies, forms posted).

const PUBLIC = 'http://localhost:3000';
const CALLBACK = `${PUBLIC}/api/sso/oidc/callback`;
const CLIENT_ID = 'coderoom-oidc-provider';
const CLIENT_SECRET = randomBytes(24).toString('base64url');

interface Account {
  email: string;
  email_verified: boolean;
  name: string;
}

/** The IdP's directory: the login form takes an address. */
const accounts = new Map<string, Account>([
  [
    'ada@certified-corp.test',
    { email: 'ada@certified-corp.test', email_verified: true, name: 'Ada Lovelace' },
  ],
  ['eve@elsewhere.test', { email: 'eve@elsewhere.test', email_verified: true, name: 'Eve Outsider' }],
  [
    'bob@certified-corp.test',
    { email: 'bob@certified-corp.test', email_verified: false, name: 'Bob Unverified' },
  ],
]);

let t: TestApp;
let idp: Server;
let provider: Provider;
let issuer: string;
const tokenRequests: string[] = [];

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

/** Login and consent: `GET /interaction/{uid}` tells the prompt; the person posts `login` or `confirm`. */
async function interactions(req: IncomingMessage, res: ServerResponse, path: string) {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'GET') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ prompt: details.prompt.name, client_id: details.params.client_id }));
    return;
  }
  if (path.endsWith('/login') && details.prompt.name === 'login') {
    const login = (await readBody(req)).get('login') ?? '';
    if (!accounts.has(login)) {
      res.statusCode = 401;
      res.end();
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: login } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (path.endsWith('/confirm') && details.prompt.name === 'consent') {
    const grant = new provider.Grant({
      accountId: details.session?.accountId,
      clientId: String(details.params.client_id),
    });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }
  res.statusCode = 400;
  res.end();
}

async function startProvider() {
  idp = createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The claims the scopes grant go in the ID token too (as Google and Azure AD do), since our client
    // reads the person from the ID token.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  const handle = provider.callback();
  idp.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === '/token') tokenRequests.push(path);
    if (path.startsWith('/interaction/')) {
      interactions(req, res, path).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  await startProvider();
});
afterAll(async () => {
  await new Promise<void>((resolve) => idp.close(() => resolve()));
  await t.close();
});

/** The browser's side at the IdP: its cookies for the IdP's origin (path and expiry kept simple). */
class IdpBrowser {
  private readonly jar = new Map<string, string>();

  async fetch(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {};
    if (this.jar.size > 0) {
      headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some(
        (attribute) =>
          /^\s*expires=/i.test(attribute) && Date.parse(attribute.split('=')[1] ?? '') < Date.now(),
      );
      if (!value || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }
}

/**
 * A whole sign-in: our start, the provider's authorization endpoint, its login and consent interactions
 * (the person types `login`), back to our callback. Answers the prompts met and our callback's answer.
 */
async function signInThroughProvider(browser: TestClient, startEmail: string, login: string) {
  const started = await browser.post('/api/sso/start', { email: startEmail });
  expect(started.statusCode).toBe(200);
  const authorization = new URL(started.json().redirect_url);
  expect(authorization.origin).toBe(issuer);
  expect(authorization.searchParams.get('client_id')).toBe(CLIENT_ID);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');

  const atIdp = new IdpBrowser();
  const prompts: string[] = [];
  let next = authorization.toString();
  for (let step = 0; step < 12; step += 1) {
    const target = new URL(next, issuer);
    if (target.origin === PUBLIC) {
      expect(target.origin + target.pathname).toBe(CALLBACK);
      const callback = `${target.pathname}${target.search}`;
      return { prompts, callback, landed: await browser.get(callback) };
    }
    let response = await atIdp.fetch(target.toString());
    if (target.pathname.startsWith('/interaction/')) {
      expect(response.status).toBe(200);
      const shown = (await response.json()) as { prompt: string; client_id: string };
      expect(shown.client_id).toBe(CLIENT_ID);
      prompts.push(shown.prompt);
      response =
        shown.prompt === 'login'
          ? await atIdp.fetch(`${target}/login`, { method: 'POST', form: { login } })
          : await atIdp.fetch(`${target}/confirm`, { method: 'POST', form: {} });
    }
    // Every step at the provider redirects (the failing step is named if one does not).
    expect([target.pathname, response.status >= 300 && response.status < 400]).toEqual([
      target.pathname,
      true,
    ]);
    next = response.headers.get('location') ?? '';
  }
  throw new Error('the sign-in did not come back to our callback');
}

describe('OpenID Connect sign-in against oidc-provider', () => {
  let organizationId: number;
  let admin: TestClient;

  beforeAll(async () => {
    const user = await buildUser(t.database, { fullName: 'Org Admin' });
    admin = new TestClient(t.app);
    expect(
      (await admin.post('/api/user/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(200);
    const built = await buildOrganization(t.database, {
      seats: 25,
      members: [
        { email: user.email.toLowerCase(), userId: user.id, role: EnterpriseRole.Admin, adminLevel: 1000 },
      ],
    });
    organizationId = built.organizationId;
    const saved = await admin.put(`/api/organization/${organizationId}/sso-config`, {
      protocol: 'oidc',
      email_domains: ['certified-corp.test'],
      issuer,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(saved.statusCode).toBe(200);
    // The redirect URI the provider's client was registered with is the one our configuration shows.
    expect(saved.json().service_provider.oidc_redirect_uri).toBe(CALLBACK);
  });

  it('signs a new person in through login and consent, as a member of the organization', async () => {
    const browser = new TestClient(t.app);
    const before = tokenRequests.length;
    const { prompts, callback, landed } = await signInThroughProvider(
      browser,
      'ada@certified-corp.test',
      'ada@certified-corp.test',
    );
    expect(prompts).toEqual(['login', 'consent']);
    expect(tokenRequests.length).toBe(before + 1);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe(SSO_SIGNUP_HOME);

    const info = await browser.get('/api/user/info');
    expect(info.statusCode).toBe(200);
    expect(info.json().email).toBe('ada@certified-corp.test');
    expect(info.json().full_name).toBe('Ada Lovelace');
    expect(info.json().enterprise.active_organization_id).toBe(organizationId);
    expect(info.json().enterprise.organizations[0]).toMatchObject({
      role: EnterpriseRole.Learner,
      is_admin: false,
    });
    const members = (await admin.get(`/api/organization/${organizationId}/users`)).json();
    expect(JSON.stringify(members)).toContain('ada@certified-corp.test');

    // The provider's code is used once, and so is our state: the same callback again is refused.
    const replay = await browser.get(callback);
    expect(replay.headers.location).toBe(`/login?sso_error=${SsoFailure.State}`);
  });

  it('a returning person lands on the home page', async () => {
    const browser = new TestClient(t.app);
    const { landed } = await signInThroughProvider(
      browser,
      'ada@certified-corp.test',
      'ada@certified-corp.test',
    );
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe('/');
    expect((await browser.get('/api/user/info')).json().email).toBe('ada@certified-corp.test');
  });

  it('refuses an address on another domain, or one the provider has not verified, with the spec message', async () => {
    expect(SSO_FAILURE_TEXT[SsoFailure.Domain]).toBe(
      'Your e-mail address does not belong to this organization.',
    );
    for (const login of ['eve@elsewhere.test', 'bob@certified-corp.test']) {
      const browser = new TestClient(t.app);
      const { prompts, landed } = await signInThroughProvider(browser, 'ada@certified-corp.test', login);
      // The provider did sign the person in (the refusal is ours, on the verified ID token's claims).
      expect(prompts).toEqual(['login', 'consent']);
      expect([login, landed.statusCode, landed.headers.location]).toEqual([
        login,
        303,
        `/login?sso_error=${SsoFailure.Domain}`,
      ]);
      expect(landed.cookies.some((cookie) => cookie.name === 'coderoom_session' && cookie.value)).toBe(false);
      expect((await browser.get('/api/user/info')).statusCode).toBe(401);
    }
    const members = (await admin.get(`/api/organization/${organizationId}/users`)).json();
    expect(JSON.stringify(members)).not.toContain('eve@elsewhere.test');
  });
});
