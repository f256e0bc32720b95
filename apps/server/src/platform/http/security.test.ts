import { CSRF_COOKIE, SESSION_COOKIE } from '@coderoom/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { users } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, TestClient, VALID_PASSWORD } from '../../test/harness.js';
import { PlatformMessages } from './errors.js';

let t: TestApp;
/** The same database behind a TLS-terminating proxy (TRUST_PROXY=1). */
let proxied: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  proxied = await buildApp({
    config: { publicUrl: 'https://coderoom.example', webDistDir: null, trustProxy: true, logLevel: 'silent' },
    database: t.database,
    mailer: t.mailer,
    clock: t.clock,
    logger: false,
  });
});
afterAll(async () => {
  await proxied.close();
  await t.close();
});

async function storedTheme(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row?.userTheme;
}

describe('cross-origin writes', () => {
  // The test client sends a valid CSRF pair every time: only the origin differs.
  it('refuses an unsafe request from a foreign Origin with 403 and changes nothing', async () => {
    const { client, user } = await signUp(t.app);
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null']) {
      const response = await client.request(
        'POST',
        '/api/userdata/darkmode',
        { frontend_theme: 'dark' },
        { headers: { origin } },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ errorText: PlatformMessages.CrossOriginRefused });
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await client.request(
        method,
        '/api/user/checklist',
        {},
        {
          headers: { origin: 'https://evil.example' },
        },
      );
      expect(response.statusCode).toBe(403);
    }
    expect(await storedTheme(user.user_id)).toBe('unset');
  });

  it('refuses a foreign Referer when the request carries no Origin', async () => {
    const { client, user } = await signUp(t.app);
    const response = await client.request(
      'POST',
      '/api/userdata/darkmode',
      { frontend_theme: 'dark' },
      { headers: { referer: 'https://evil.example/page?x=1' } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().errorText).toBe(PlatformMessages.CrossOriginRefused);
    expect(await storedTheme(user.user_id)).toBe('unset');
  });

  it('accepts its own origin (default port or not), its own Referer, and requests that name neither', async () => {
    const { client, user } = await signUp(t.app);
    // app.inject sends Host: localhost:80, which a browser writes as http://localhost.
    const cases: Record<string, string>[] = [
      { origin: 'http://localhost' },
      { origin: 'http://localhost:80' },
      { referer: 'http://localhost/settings' },
      {},
    ];
    for (const headers of cases) {
      const response = await client.request(
        'POST',
        '/api/userdata/darkmode',
        { frontend_theme: 'dark' },
        { headers },
      );
      expect(response.statusCode).toBe(200);
    }
    expect(await storedTheme(user.user_id)).toBe('dark');
  });

  it('accepts the configured public origin behind a proxy', async () => {
    const client = new TestClient(proxied);
    const response = await client.request(
      'POST',
      '/api/user/signup',
      { email: 'proxied@example.com', password: VALID_PASSWORD, full_name: 'Proxied' },
      { headers: { origin: 'https://coderoom.example', 'x-forwarded-proto': 'https' } },
    );
    expect(response.statusCode).toBe(201);
  });
});

describe('cookies and transport headers', () => {
  it('marks every cookie Secure and sends HSTS when the proxy says the request came over HTTPS', async () => {
    const client = new TestClient(proxied);
    const response = await client.request(
      'POST',
      '/api/user/signup',
      { email: 'tls@example.com', password: VALID_PASSWORD, full_name: 'Over Tls' },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(response.statusCode).toBe(201);
    const names = response.cookies.map((cookie) => cookie.name);
    expect(names).toContain(SESSION_COOKIE);
    for (const cookie of response.cookies) expect(cookie.secure, cookie.name).toBe(true);
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);

    const first = await proxied.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(first.cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.secure).toBe(true);
  });

  it('sends neither Secure cookies nor HSTS over plain HTTP, even when PUBLIC_URL is https', async () => {
    const plain = await proxied.inject({ method: 'GET', url: '/api/health' });
    expect(plain.cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.secure).toBeFalsy();
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.secure).toBeFalsy();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Content-Security-Policy', () => {
  function directives(header: string | string[] | number | undefined): Map<string, string[]> {
    const map = new Map<string, string[]>();
    for (const part of String(header).split(';')) {
      const [name, ...values] = part.trim().split(/\s+/);
      if (name) map.set(name, values);
    }
    return map;
  }

  it('allows scripts only from the app itself, never inline, eval, plugins or framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    // Cover images may be https URLs; frames are sandboxed pages of ours or an https task page.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('sessions after a cross-origin refusal', () => {
  it('keeps the session usable from the app itself', async () => {
    const { client } = await signUp(t.app);
    await client.request('POST', '/api/user/logout', {}, { headers: { origin: 'https://evil.example' } });
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
  });
});
