import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorBodySchema } from '@coderoom/contracts';
import { PAYLOAD_LIMIT_BYTES, ScimSchema, WorkType } from '@coderoom/domain';
import { createRunner, type Runner } from '@coderoom/runner';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { collections, pages, users } from '../db/schema.js';
import { FakeDriver } from '../modules/containers/containers.fakeDriver.js';
import type { Database } from '../platform/db/database.js';
import { createMailer } from '../platform/mail/mailer.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../seed/demo.js';
import { type DatabaseFingerprint, fingerprintQuery, takeFingerprint } from './fingerprint.repository.js';
import { openTestDatabase, TestClient, TestClock } from './harness.js';

// Safe at the edges: every route the application registers (read from Fastify as they are registered, not
// from a list kept by hand) gets each class of hostile input once, logged out and as each demo account.
// Every answer must be a 4xx in the spec's error shape, and no refused request may write to the database.

interface Route {
  method: string;
  url: string;
}

interface HostileRequest {
  url: string;
  body?: string | Buffer;
  contentType?: string;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WRONG_QUERY_TYPES = 'wrong types in the query';

let app: FastifyInstance;
let database: Database;
let dropDatabase: () => Promise<void>;
let runner: Runner;
let dataDir: string;
let fingerprint: string;
const registered: Route[] = [];
/** Real ids of the demo author's content by work type, so hostile input reaches past a handler's first lookup. */
const samples = new Map<
  string,
  { authorId: number; collectionId: number; encodedId: string; pageId: number }
>();

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openTestDatabase());
  await seedDemo(database);
  dataDir = await mkdtemp(path.join(tmpdir(), 'coderoom-edges-'));
  // A uid range of its own (the leftover-process sweep kills by uid); no hostile request should reach it.
  runner = createRunner({ slots: 1, queueSize: 2, uidBase: 64600 });
  app = await buildApp({
    config: {
      publicUrl: 'http://localhost:3000',
      webDistDir: null,
      trustProxy: false,
      logLevel: 'silent',
      dataDir,
      storage: { driver: 'local', dir: path.join(dataDir, 'uploads') },
      uploadSigningSecret: null,
    },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: database.db }),
    clock: new TestClock(),
    runner,
    instances: new FakeDriver(),
    logger: false,
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  await app.ready();
  fingerprint = await fingerprintQuery(database.db);
  const author = DEMO_ACCOUNTS.find((account) => account.email === 'author@coderoom.dev');
  const [owner] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, author?.email ?? ''));
  const owned = await database.db
    .select()
    .from(collections)
    .where(eq(collections.authorId, owner?.id ?? 0))
    .orderBy(collections.id);
  for (const collection of owned) {
    if (samples.has(collection.workType)) continue;
    const [page] = await database.db
      .select()
      .from(pages)
      .where(eq(pages.collectionId, collection.id))
      .orderBy(pages.id)
      .limit(1);
    samples.set(collection.workType, {
      authorId: collection.authorId,
      collectionId: collection.id,
      encodedId: collection.encodedId,
      pageId: page?.id ?? 1,
    });
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await runner?.close();
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every route once per method; HEAD is Fastify's automatic twin of GET and answers the same way. */
function routeTable(): Route[] {
  const seen = new Set<string>();
  return registered.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (route.method === 'HEAD' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The route's URL with each parameter replaced (`*` is the wildcard of proxy routes). */
function fill(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*/g, (match, name?: string) => value(name ?? match));
}

/** Parameters filled with real ids of content of the kind the route is about; anything else is 1. */
function benignFor(url: string): (name: string) => string {
  const kind = /project/.test(url)
    ? WorkType.StandaloneProject
    : /cloudlab/.test(url)
      ? WorkType.StandaloneCloudLab
      : /assessment/.test(url)
        ? WorkType.SkillAssessment
        : WorkType.Course;
  const sample = samples.get(kind) ?? samples.get(WorkType.Course);
  const values: Record<string, string | number | undefined> = {
    authorId: sample?.authorId,
    collectionId: sample?.collectionId,
    encodedId: sample?.encodedId,
    pageId: sample?.pageId,
    id: sample?.pageId,
    tag: 'python',
  };
  return (name) => String(values[name] ?? '1');
}
const hasParams = (url: string) => /:[A-Za-z_]|\*/.test(url);

/** A JSON string value of `size` bytes in total, just over the platform's limit. */
function oversizedBody(): string {
  const filler = 'x'.repeat(PAYLOAD_LIMIT_BYTES);
  return JSON.stringify({ title: filler });
}

/** Each hostile class, as the request it makes for one route (or null where the class has no input to hit). */
const CLASSES: Record<string, (route: Route) => HostileRequest | null> = {
  'malformed JSON': (route) =>
    BODY_METHODS.has(route.method)
      ? { url: fill(route.url, benignFor(route.url)), body: '{"title": "x",' }
      : null,
  'a body of the wrong type': (route) =>
    BODY_METHODS.has(route.method)
      ? { url: fill(route.url, benignFor(route.url)), body: '[1, "two", null]' }
      : null,
  'fields of the wrong type': (route) =>
    BODY_METHODS.has(route.method)
      ? {
          url: fill(route.url, benignFor(route.url)),
          body: JSON.stringify({ title: 7, email: ['a'], page: 'one', content: false, id: { a: 1 } }),
        }
      : null,
  'an unknown field': (route) =>
    BODY_METHODS.has(route.method)
      ? { url: fill(route.url, benignFor(route.url)), body: JSON.stringify({ zz_unknown_field: true }) }
      : null,
  'an oversized body': (route) =>
    BODY_METHODS.has(route.method)
      ? { url: fill(route.url, benignFor(route.url)), body: oversizedBody() }
      : null,
  'a NUL byte in the body': (route) =>
    BODY_METHODS.has(route.method)
      ? {
          url: fill(route.url, benignFor(route.url)),
          body: JSON.stringify({
            email: 'nul\u0000@example.com',
            title: 'a\u0000b',
            nested: { x: ['\u0000'] },
          }),
        }
      : null,
  'invalid UTF-8 in the body': (route) =>
    BODY_METHODS.has(route.method)
      ? {
          url: fill(route.url, benignFor(route.url)),
          body: Buffer.concat([
            Buffer.from('{"title": "'),
            Buffer.from([0xc3, 0x28, 0xff]),
            Buffer.from('"}'),
          ]),
        }
      : null,
  'a NUL byte in the path': (route) => (hasParams(route.url) ? { url: fill(route.url, () => '%00') } : null),
  'invalid UTF-8 in the path (%C3%28)': (route) =>
    hasParams(route.url) ? { url: fill(route.url, () => '%C3%28') } : null,
  'invalid UTF-8 in the path (%FF)': (route) =>
    hasParams(route.url) ? { url: fill(route.url, () => '%FF') } : null,
  'a word where a number goes in the path': (route) =>
    hasParams(route.url) ? { url: fill(route.url, () => 'abc') } : null,
  'a number too large for the database in the path': (route) =>
    hasParams(route.url) ? { url: fill(route.url, () => '9007199254740991') } : null,
  'a NUL byte in the query': (route) => ({
    url: `${fill(route.url, benignFor(route.url))}?draft=%00&page=%00&search_string=%00&key=%00&query=%00`,
  }),
  'invalid UTF-8 in the query': (route) => ({
    url: `${fill(route.url, benignFor(route.url))}?draft=%C3%28&page=%FF&search_string=%FF&key=%FF&query=%FF`,
  }),
  // Only where an ignored query changes nothing: a route that reads no query may answer as without it.
  [WRONG_QUERY_TYPES]: (route) =>
    route.method === 'GET'
      ? { url: `${fill(route.url, benignFor(route.url))}?draft=maybe&page=-3&work_type=7&attempt_count=many` }
      : null,
};

interface Identity {
  name: string;
  client: TestClient;
}

async function login(email: string): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.post('/api/user/login', { email, password: DEMO_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  return client;
}

/**
 * SCIM routes answer in RFC 7644's Error schema, which identity providers read (modules/organizations/scim);
 * an address that is not clean text is refused by the platform before any route, in the spec's shape.
 */
const ScimErrorBodySchema = z.strictObject({
  schemas: z.tuple([z.literal(ScimSchema.Error)]),
  status: z.string(),
  scimType: z.string().optional(),
  detail: z.string(),
});

function problemWith(response: LightMyRequestResponse, url = ''): string | null {
  if (response.statusCode < 400 || response.statusCode >= 500) return `answered ${response.statusCode}`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `answered ${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 80)}`;
  }
  const shape = url.startsWith('/scim/')
    ? ScimErrorBodySchema.or(ErrorBodySchema.strict())
    : ErrorBodySchema.strict();
  if (!shape.safeParse(body).success) {
    return `answered ${response.statusCode} without the error shape: ${response.body.slice(0, 120)}`;
  }
  return null;
}

function changes(before: DatabaseFingerprint, after: DatabaseFingerprint): string[] {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table} ${before[table]} → ${after[table]}`);
}

async function walk(identity: Identity): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routeTable()) {
    // The database is compared around each run of refused requests of a route.
    let window = await takeFingerprint(database.db, fingerprint);
    const closeWindow = async () => {
      const now = await takeFingerprint(database.db, fingerprint);
      const written = changes(window, now);
      if (written.length > 0) failures.push(`${route.method} ${route.url} — wrote: ${written.join(', ')}`);
      window = now;
    };
    for (const [name, build] of Object.entries(CLASSES)) {
      const hostile = build(route);
      if (!hostile) continue;
      if (name === WRONG_QUERY_TYPES) await closeWindow();
      const response = await identity.client.request(route.method as never, hostile.url, undefined, {
        rawBody: hostile.body,
        headers:
          hostile.body === undefined ? {} : { 'content-type': hostile.contentType ?? 'application/json' },
      });
      let problem = problemWith(response, route.url);
      if (problem && name === WRONG_QUERY_TYPES && response.statusCode < 400) {
        // A route that reads no query answers the same without it: the query was ignored, not accepted, and
        // what the route does when accepted is not a refused request's write.
        const bare = await identity.client.request('GET', hostile.url.split('?')[0] ?? '');
        if (bare.statusCode === response.statusCode) {
          problem = null;
          window = await takeFingerprint(database.db, fingerprint);
        }
      }
      if (problem) failures.push(`${route.method} ${route.url} — ${name}: ${problem}`);
    }
    await closeWindow();
  }
  return failures;
}

describe('every route, every hostile input class', () => {
  it('reads a route table that covers every module', () => {
    const urls = routeTable().map((route) => route.url);
    expect(urls.length).toBeGreaterThan(120);
    for (const prefix of [
      '/api/user/',
      '/api/author/',
      '/api/reader/',
      '/api/code/',
      '/api/instances',
      '/api/userdata/',
    ]) {
      expect(
        urls.some((url) => url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('answers a logged-out visitor with 4xx errors in the spec shape and writes nothing', async () => {
    expect(await walk({ name: 'logged out', client: new TestClient(app) })).toEqual([]);
  }, 600_000);

  for (const account of DEMO_ACCOUNTS) {
    it(`answers ${account.email} with 4xx errors in the spec shape and writes nothing`, async () => {
      const client = await login(account.email);
      expect(await walk({ name: account.email, client })).toEqual([]);
      // Still logged in: no hostile request ended the session on the way.
      expect((await client.get('/api/user/info')).statusCode).toBe(200);
    }, 600_000);
  }
});
