import { readFile } from 'node:fs/promises';
import { CSRF_COOKIE, CSRF_HEADER } from '@coderoom/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../app.js';
import type { Clock } from '../platform/clock.js';
import { type Database, openPglite, openPostgres } from '../platform/db/database.js';
import { createMailer, type Mailer } from '../platform/mail/mailer.js';

export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /**
   * Moves to just after the start of the next fixed rate-limit window, so a burst of requests in a
   * test cannot straddle two windows (which would reset the count halfway).
   */
  startFreshWindow(windowSeconds: number): void {
    const windowMs = windowSeconds * 1000;
    const now = this.now().getTime();
    this.advance(windowMs - (now % windowMs) + 50);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  mailer: Mailer;
  close(): Promise<void>;
}

let databaseCounter = 0;

/** A fresh, migrated database for one test file: PGlite from the template dump, or a PostgreSQL copy. */
export async function openTestDatabase(): Promise<{
  database: Database;
  /** PostgreSQL only: the copy's URL, for a second handle on it (a second process's pool). */
  url?: string;
  drop(): Promise<void>;
}> {
  const templateDb = inject('postgresTemplateDb');
  const databaseUrl = process.env.DATABASE_URL;
  if (templateDb && databaseUrl) {
    databaseCounter += 1;
    const name = `coderoom_t${process.ppid}_${process.pid}_${databaseCounter}_${Date.now() % 100000}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 5);
    return {
      database,
      url: url.toString(),
      drop: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
        await dropper.end();
      },
    };
  }
  const template = await readFile(inject('pgliteTemplatePath'));
  const database = await openPglite(null, new Blob([template]));
  return { database, drop: () => database.close() };
}

export async function buildTestApp(
  options: {
    mailer?: (database: Database) => Mailer;
    /** More of buildApp's dependencies (a payment processor pointed at a local fake, its webhook secret). */
    deps?: Pick<AppDeps, 'paymentProcessor' | 'stripeWebhookSecret' | 'schedulePayouts' | 'slack'>;
  } = {},
): Promise<TestApp & { databaseUrl?: string }> {
  const { database, drop, url } = await openTestDatabase();
  const clock = new TestClock();
  const mailer =
    options.mailer?.(database) ?? createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: database.db });
  const app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer,
    clock,
    logger: false,
    ...options.deps,
  });
  await app.ready();
  return {
    app,
    database,
    ...(url ? { databaseUrl: url } : {}),
    clock,
    mailer,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * A browser-like client over app.inject: keeps cookies between calls and echoes the CSRF cookie in
 * the header, as the web app does. `raw` skips both, to test what an attacker's request gets.
 */
let clientCounter = 0;
/** Each client gets its own address by default, so per-IP rate limits only meet where a test wants them. */
function nextClientIp(): string {
  clientCounter += 1;
  return `127.1.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = nextClientIp(),
  ) {}

  async request(
    method: NonNullable<InjectOptions['method']>,
    url: string,
    body?: unknown,
    options: { headers?: Record<string, string>; csrf?: boolean; rawBody?: string | Buffer } = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has(CSRF_COOKIE)) await this.primeCsrf();
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (options.csrf !== false) headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    const payload = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await this.app.inject({ method, url, headers, payload, remoteAddress: this.ip });
    this.storeCookies(response);
    return response;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body ?? {});
  }
  put(url: string, body?: unknown) {
    return this.request('PUT', url, body ?? {});
  }

  private async primeCsrf(): Promise<void> {
    const response = await this.app.inject({ method: 'GET', url: '/api/health', remoteAddress: this.ip });
    this.storeCookies(response);
  }

  private storeCookies(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

export const VALID_PASSWORD = 'Str0ng!Pass';

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}.${process.pid}@example.com`;
}

/** Signs a new user up through the API and returns the logged-in client. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; full_name: string; ip: string }> = {},
) {
  const client = new TestClient(app, overrides.ip);
  const email = overrides.email ?? uniqueEmail();
  const response = await client.post('/api/user/signup', {
    email,
    password: overrides.password ?? VALID_PASSWORD,
    full_name: overrides.full_name ?? 'Test Learner',
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { client, email, user: response.json() as { user_id: number } };
}

/**
 * Polls `probe` until it answers something other than undefined, null or false, and answers that; fails
 * after the deadline. For work that happens after a request answers (the job queue's mail).
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
