import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAYLOAD_LIMIT_BYTES } from '@coderoom/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { users } from '../../db/schema.js';
import { buildTestApp, type TestApp, TestClient } from '../../test/harness.js';
import { PlatformMessages } from './errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: t.database.kind });
  });

  it('sends security headers and a request id on every answer', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorText: PlatformMessages.ApiRouteNotFound });
  });

  it('answers malformed JSON with a 400 and creates nothing', async () => {
    const client = new TestClient(t.app);
    const [before] = await t.database.db.select({ n: count() }).from(users);
    const response = await client.request('POST', '/api/user/signup', undefined, {
      rawBody: '{"email": "a@b.co",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorText: PlatformMessages.MalformedJson });
    const [after] = await t.database.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses bodies over the payload limit', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/user/signup', {
      email: 'big@example.com',
      password: 'x'.repeat(PAYLOAD_LIMIT_BYTES),
      full_name: 'Big',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorText).toContain(String(PAYLOAD_LIMIT_BYTES));
  });

  it('refuses bodies that are not JSON', async () => {
    const client = new TestClient(t.app);
    const response = await client.request('POST', '/api/user/login', undefined, {
      rawBody: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorText).toBe(PlatformMessages.UnsupportedMediaType);
  });

  it('hands out the CSRF cookie on the first response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = response.cookies.find((c) => c.name === 'cr_csrf');
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });
});

describe('serving the web app', () => {
  it('serves index.html for app routes and assets as files, but never for /api', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'coderoom-web-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Coderoom</title>');
    await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    const app = await buildApp({
      config: { publicUrl: 'http://localhost', webDistDir: dir, trustProxy: false, logLevel: 'silent' },
      database: t.database,
      mailer: t.mailer,
      logger: false,
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/learn/home?x=1' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      // The page's own title and tags replace index.html's <title> (modules/pagemeta).
      expect(page.body).toContain('<title>Coderoom — Interactive Courses for Software Developers</title>');
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.body).toBe('console.log(1)');
      const missingAsset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
      expect(missingAsset.statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: '/api/missing' });
      expect(api.headers['content-type']).toContain('application/json');
      expect(api.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('text at the door: NUL characters and invalid UTF-8', () => {
  it('refuses a NUL in a path parameter, once a 500 from the database', async () => {
    const response = await new TestClient(t.app).get('/api/reader/learner-tags/landing-page-details/%00');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorText: PlatformMessages.BadUrlEncoding });
  });

  it('refuses a password reset whose e-mail holds a NUL, once a 500 from the database', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/user/password-reset/request', {
      email: 'ada\u0000@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorText: PlatformMessages.NulInBody });
  });

  it('refuses invalid UTF-8 in the path, the query and the body in the error shape', async () => {
    const client = new TestClient(t.app);
    for (const url of ['/api/reader/learner-tags/landing-page-details/%C3%28', '/api/health?x=%FF']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ errorText: PlatformMessages.BadUrlEncoding });
    }
    const body = await client.request('POST', '/api/user/login', undefined, {
      rawBody: Buffer.concat([Buffer.from('{"email": "'), Buffer.from([0xff]), Buffer.from('"}')]),
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ errorText: PlatformMessages.BodyNotUtf8 });
  });

  it('still reads text in other scripts, escaped or not', async () => {
    const response = await new TestClient(t.app).get(
      `/api/reader/learner-tags/landing-page-details/${encodeURIComponent('日本語')}`,
    );
    expect(response.statusCode).toBe(404);
  });
});
