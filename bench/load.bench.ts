// The platform as several processes on PostgreSQL, under learners (docs/performance.md, "Load";
// docs/deploy.md). A throw-away database is migrated and seeded once; then the BUILT server
// (apps/server/dist/main.js, `npm run build` first) runs as two `ROLE=api` processes on two ports and one
// `ROLE=worker`, sharing collaborative editing through Redis, and BENCH_RUNNER_HOSTS (default 2) `ROLE=runner`
// processes that run every learner's code for both api processes (RUNNER_URLS; 0 = each api process runs
// code in its own sandboxed child, as before the runner service). Collaboration is not a process of its own
// here: each api process hosts it (the printout says so).
//
// Phase 1: BENCH_LEARNERS virtual learners (default 200), each with an account signed up beforehand through
// the API (a distinct X-Forwarded-For per learner, as behind a proxy), loop for BENCH_SECONDS (default 60)
// with think time: log in, catalogue, course home, two lessons, run code, save a note, co-edit a work
// document shared with another learner (whose api process is the other one), log out. Learners are spread
// round-robin over the two api processes (client-side balancing). Every non-2xx answer, wrong answer,
// timeout or socket failure is an error of its action, printed with its reason. Before the load, one
// learner alone on the idle platform runs the same cycle without think time: the baseline of each action.
// Phase 2: BENCH_SOCKETS (default 1,000) collaboration WebSockets held open at once on the learners' work
// documents, half on each api process, with the api processes' resident memory before and after.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CourseHome, FeaturedItemsResponse, Lesson } from '@coderoom/contracts';
import { migrate, openPostgres, seedDemo } from '@coderoom/server';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import pg from 'pg';
// @ts-expect-error ws ships no types and @types/ws is not installed; only its constructor and events are used.
import WebSocket from 'ws';
import * as Y from 'yjs';

const LEARNERS = positiveInt('BENCH_LEARNERS', 200);
const SECONDS = positiveInt('BENCH_SECONDS', 60);
const SOCKETS = positiveInt('BENCH_SOCKETS', 1000);
/** Mean pause between two actions of a learner; each pause is drawn uniformly from 0.5× to 1.5× of it. */
const THINK_MS = positiveInt('BENCH_THINK_MS', 3000);
const BASELINE_CYCLES = positiveInt('BENCH_BASELINE_CYCLES', 5);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const API_PROCESSES = 2;
/** ROLE=runner processes the api processes send code to; 0: each api process runs code itself. */
const RUNNER_HOSTS = nonNegativeInt('BENCH_RUNNER_HOSTS', 2);
const RUNNER_SECRET = `bench-load-runner-secret-${process.pid}`;
/** The work document's shared text (modules/work: WORK_DOCUMENT_MAP / WORK_DOCUMENT_FIELD). */
const WORK_MAP = 'markdown';
const WORK_FIELD = 'body';
const COLLAB_PATH = '/api/collab';
const PASSWORD = 'Bench-load-password-1';
const REQUEST_TIMEOUT_MS = 30_000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

function nonNegativeInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be 0 or a positive integer`);
  return value;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Clean-up: every process and the database go, whatever happens (an error, Ctrl-C, SIGTERM).

const cleanups: Array<{ what: string; run: () => Promise<void> }> = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const { what, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (error) {
        console.error(`clean-up of ${what} failed:`, error);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------
// The platform's processes.

interface ServerProcess {
  name: string;
  child: ChildProcess;
  port: number;
  /** `127.0.0.1:port` */
  host: string;
  url: string;
  output: string[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function startServer(name: string, env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: { ...process.env, SEED_DEMO: '0', NODE_ENV: 'production', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 2000) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server = { name, child, port, host: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}`, output };
  cleanups.push({ what: name, run: () => stopServer(server) });
  return server;
}

async function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function waitHealthy(server: ServerProcess, timeoutMs = 60_000, probe = '/api/health'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`${server.name} exited (${server.child.exitCode}):\n${server.output.join('')}`);
    }
    try {
      if ((await fetch(`${server.url}${probe}`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${server.name} not healthy:\n${server.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resident memory of a process in KiB (VmRSS in /proc/<pid>/status). */
function rssKib(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}

/** CPU seconds a process has used (utime + stime), with its finished children's when `children`. */
function cpuSeconds(pid: number, children = false): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name in parentheses: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const ticks =
    (fields[11] ?? 0) + (fields[12] ?? 0) + (children ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0);
  return ticks / 100; // USER_HZ, 100 on Linux
}

/** CPU seconds of a process's live children (the runner child process) and what they reaped (sandboxes). */
function childrenCpuSeconds(pid: number): number {
  let total = 0;
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)) {
      if (child) total += cpuSeconds(Number(child), true);
    }
  } catch {
    // gone, or the kernel does not list children
  }
  return total;
}

/**
 * Resident memory of each process once it has settled: sampled every 500 ms until the last five samples
 * (2 s) of every process lie within 1 MiB, or 20 s have passed (then the median of the last five). A single
 * reading would mostly measure where the garbage collector happened to be.
 */
async function settledRssKib(pids: number[]): Promise<{ kib: number[]; settled: boolean }> {
  const samples: number[][] = pids.map(() => []);
  const deadline = Date.now() + 20_000;
  for (;;) {
    for (const [i, pid] of pids.entries()) samples[i]?.push(rssKib(pid));
    const recent = samples.map((list) => list.slice(-5));
    const full = recent.every((list) => list.length === 5);
    const settled = full && recent.every((list) => Math.max(...list) - Math.min(...list) < 1024);
    if (settled || (full && Date.now() > deadline)) {
      return {
        kib: recent.map((list) => [...list].sort((a, b) => a - b)[2] ?? Number.NaN),
        settled,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// ---------------------------------------------------------------------------------------------------
// Measurements.

class Recorder {
  readonly samples = new Map<string, number[]>();
  readonly errors = new Map<string, Map<string, number>>();

  ok(action: string, ms: number): void {
    const list = this.samples.get(action) ?? [];
    this.samples.set(action, list);
    list.push(ms);
  }

  fail(action: string, reason: string): void {
    const reasons = this.errors.get(action) ?? new Map<string, number>();
    this.errors.set(action, reasons);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }

  errorCount(action?: string): number {
    let total = 0;
    for (const [name, reasons] of this.errors)
      if (action === undefined || name === action) for (const count of reasons.values()) total += count;
    return total;
  }

  okCount(): number {
    let total = 0;
    for (const list of this.samples.values()) total += list.length;
    return total;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summary(list: number[] | undefined) {
  const sorted = [...(list ?? [])].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0));

/** Thrown by an action whose answer was wrong or late: counted as an error of that action. */
class ActionError extends Error {}

// ---------------------------------------------------------------------------------------------------
// A learner: a browser's cookie jar, an address of its own and one api process.

interface Course {
  authorId: number;
  collectionId: number;
  /** Lessons a new learner may read, with a Markdown widget to highlight in. */
  lessons: Array<{ pageId: number; widgetId: string }>;
}

interface Doc {
  id: number;
  owner: Learner;
  editors: Learner[];
  /** Tokens typed into the document during the run; all must be in the stored text afterwards. */
  typed: string[];
}

class Learner {
  readonly cookies = new Map<string, string>();
  readonly email: string;
  readonly ip: string;
  loggedIn = false;
  cycles = 0;
  doc: Doc | null = null;

  constructor(
    readonly index: number,
    readonly api: ServerProcess,
    public recorder: Recorder,
  ) {
    this.email = `learner${index}.${process.pid}@bench.coderoom.dev`;
    this.ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One HTTP request as the browser sends it; a non-2xx answer throws (the caller counts it). */
  async request(method: string, url: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, accept: 'application/json' };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (method !== 'GET') {
      headers.origin = this.api.url;
      headers['x-csrf-token'] = this.cookies.get('cr_csrf') ?? '';
      if (body !== undefined) headers['content-type'] = 'application/json';
    }
    let response: Response;
    try {
      response = await fetch(`${this.api.url}${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new ActionError(
        (error as Error).name === 'TimeoutError'
          ? `no answer in ${REQUEST_TIMEOUT_MS} ms`
          : `network ${cause}`,
      );
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 0) continue;
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 100);
      try {
        const parsed = JSON.parse(text) as { errorText?: unknown; error?: unknown; message?: unknown };
        const said = parsed.errorText ?? parsed.error ?? parsed.message;
        if (typeof said === 'string') message = said;
      } catch {
        // not JSON
      }
      throw new ActionError(`${response.status} ${message}`);
    }
    return text === '' ? null : JSON.parse(text);
  }

  /** Runs `work` as `action`, timing it; a failure is counted and does not stop the learner. */
  async act(action: string, work: () => Promise<void>): Promise<boolean> {
    const started = performance.now();
    try {
      await work();
      this.recorder.ok(action, performance.now() - started);
      return true;
    } catch (error) {
      this.recorder.fail(action, error instanceof ActionError ? error.message : String(error).slice(0, 100));
      return false;
    }
  }

  async login(): Promise<void> {
    await this.request('POST', '/api/user/login', { email: this.email, password: PASSWORD });
    this.loggedIn = true;
  }

  async logout(): Promise<void> {
    await this.request('POST', '/api/user/logout');
    this.loggedIn = false;
  }
}

/** A Hocuspocus client in Node as a browser opens it: the learner's cookie and Origin on the upgrade. */
interface OpenDocument {
  provider: HocuspocusProvider;
  /** The shared text as it is now (read from the document each time). */
  text(): Y.Text;
  close(): void;
}

interface NodeSocket {
  on(event: string, listener: (...args: never[]) => void): void;
  close(): void;
}
type WsClass = new (
  url: string,
  protocols?: string | string[],
  options?: { headers: Record<string, string> },
) => NodeSocket;

function openDocument(learner: Learner, api: ServerProcess, name: string, timeoutMs = 20_000) {
  const headers = { origin: api.url, cookie: learner.cookieHeader(), 'x-forwarded-for': learner.ip };
  const Socket: WsClass = WebSocket;
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://${api.host}${COLLAB_PATH}`,
    WebSocketPolyfill: class extends Socket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers });
      }
    },
  });
  const doc = new Y.Doc();
  return new Promise<OpenDocument>((resolve, reject) => {
    const close = () => {
      provider.destroy();
      socket.destroy();
    };
    const timer = setTimeout(() => {
      close();
      reject(new ActionError(`not synced in ${timeoutMs} ms`));
    }, timeoutMs);
    const provider: HocuspocusProvider = new HocuspocusProvider({
      websocketProvider: socket,
      name,
      document: doc,
      onAuthenticationFailed: ({ reason }) => {
        clearTimeout(timer);
        close();
        reject(new ActionError(`refused: ${reason}`));
      },
      onSynced: () => {
        clearTimeout(timer);
        resolve({
          provider,
          text: () => {
            const text = doc.getMap<Y.Text>(WORK_MAP).get(WORK_FIELD);
            if (!text) throw new ActionError('the work document has no text');
            return text;
          },
          close,
        });
      },
    });
    provider.attach();
  });
}

/** Resolves once the server has acknowledged every local change of the document. */
function acknowledged(open: OpenDocument, timeoutMs = 20_000): Promise<void> {
  if (!open.provider.hasUnsyncedChanges) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      open.provider.off('unsyncedChanges', check);
      reject(new ActionError(`edit not acknowledged in ${timeoutMs} ms`));
    }, timeoutMs);
    const check = () => {
      if (open.provider.hasUnsyncedChanges) return;
      clearTimeout(timer);
      open.provider.off('unsyncedChanges', check);
      resolve();
    };
    open.provider.on('unsyncedChanges', check);
  });
}

// ---------------------------------------------------------------------------------------------------
// A learner's visit: every action once, with think time before each.

const ACTIONS = [
  'log in',
  'catalogue',
  'course home',
  'lesson',
  'run code',
  'save note',
  'co-edit: open',
  'co-edit: type',
  'log out',
] as const;

/** One visit; false when the run's end came first (the learner stops). */
async function visit(learner: Learner, course: Course, think: () => Promise<boolean>): Promise<boolean> {
  const pause = think;
  // Think time before arriving too: arrivals spread out, and a new visit does not follow the last at once.
  if (!(await pause())) return false;
  const cycle = learner.cycles++;
  if (!(await learner.act('log in', () => learner.login()))) return true;
  if (!(await pause())) return false;
  await learner.act('catalogue', async () => {
    const featured = (await learner.request(
      'GET',
      '/api/reader/featured_items?only_courses=true',
    )) as FeaturedItemsResponse;
    if (featured.items.length === 0) throw new ActionError('empty catalogue');
  });
  if (!(await pause())) return false;
  await learner.act('course home', async () => {
    const home = (await learner.request(
      'GET',
      `/api/reader/collection/${course.authorId}/${course.collectionId}`,
    )) as CourseHome;
    if (home.toc.length === 0) throw new ActionError('course home without lessons');
  });
  const lessons = [0, 1].map(
    (step) => course.lessons[(learner.index + cycle * 2 + step) % course.lessons.length],
  );
  for (const lesson of lessons) {
    if (!lesson || !(await pause())) return false;
    await learner.act('lesson', async () => {
      const read = (await learner.request(
        'GET',
        `/api/reader/collection/${course.authorId}/${course.collectionId}/page/${lesson.pageId}`,
      )) as Lesson;
      if (read.page.page_id !== lesson.pageId) throw new ActionError('another lesson answered');
    });
  }
  if (!(await pause())) return false;
  await learner.act('run code', async () => {
    const n = learner.index * 1000 + cycle;
    const result = (await learner.request('POST', '/api/code/execute', {
      language: 'python3',
      source_code: `print(sum(range(${n})))`,
    })) as { status: string; stdout: string };
    const expected = String((n * (n - 1)) / 2);
    if (result.status !== 'ok' || result.stdout.trim() !== expected)
      throw new ActionError(`run answered ${result.status}`);
  });
  if (!(await pause())) return false;
  const lesson = lessons[0];
  if (!lesson) return true;
  await learner.act('save note', async () => {
    const start = cycle % 40;
    await learner.request('PUT', '/api/userdata/notes-and-highlights', {
      author_id: course.authorId,
      work_id: course.collectionId,
      page_id: lesson.pageId,
      widget_id: lesson.widgetId,
      md_child_id: '0',
      selection_id: `${start}-${start + 4}`,
      quote: 'Text',
      comment: `Note ${cycle} of learner ${learner.index}`,
    });
  });
  const doc = learner.doc;
  if (doc) {
    if (!(await pause())) return false;
    let open: OpenDocument | null = null;
    await learner.act('co-edit: open', async () => {
      open = await openDocument(learner, learner.api, `work:${doc.id}`);
    });
    const opened = open as OpenDocument | null;
    if (opened) {
      await learner.act('co-edit: type', async () => {
        const token = `[${learner.index}.${cycle}]`;
        const text = opened.text();
        text.insert(text.length, token);
        await acknowledged(opened);
        doc.typed.push(token);
      });
      opened.close();
    }
  }
  if (!(await pause())) return false;
  await learner.act('log out', () => learner.logout());
  return true;
}

// ---------------------------------------------------------------------------------------------------

async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

function checkBuilt(): void {
  if (!existsSync(SERVER_MAIN))
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const newestSource = (dir: string): number => {
    let newest = 0;
    for (const entry of readdirRecursive(dir)) newest = Math.max(newest, statSync(entry).mtimeMs);
    return newest;
  };
  if (newestSource(path.join(ROOT, 'apps/server/src')) > statSync(SERVER_MAIN).mtimeMs) {
    console.warn('warning: apps/server/src has files newer than dist/main.js; `npm run build` measures them');
  }
}

function* readdirRecursive(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* readdirRecursive(full);
    else yield full;
  }
}

async function main(): Promise<void> {
  checkBuilt();
  const loadAtStart = os.loadavg();
  const databaseName = `bench_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  cleanups.push({
    what: `database ${databaseName}`,
    run: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    },
  });
  const databaseUrl = `${POSTGRES}/${databaseName}`;

  // Migrate and seed once, here; the processes then find the schema in place.
  const setupStarted = performance.now();
  const database = openPostgres(databaseUrl);
  await migrate(database);
  await seedDemo(database);
  await database.close();
  console.log(`database ${databaseName}: migrated and seeded in ${ms(performance.now() - setupStarted)} ms`);

  const common = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: databaseName,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };
  // Runner hosts first: the api processes are told where they are.
  const runners: ServerProcess[] = [];
  for (let i = 0; i < RUNNER_HOSTS; i++) {
    runners.push(
      startServer(
        `runner ${i + 1}`,
        {
          ROLE: 'runner',
          RUNNER_SECRET,
          RUNNER_UID_BASE: String(72_000 + i * 64),
          LOG_LEVEL: 'warn',
          LOG_FORMAT: 'json',
        },
        await freePort(),
      ),
    );
  }
  await Promise.all(runners.map((runner) => waitHealthy(runner, 60_000, '/v1/health')));
  const runnerEnv: Record<string, string> =
    runners.length > 0 ? { RUNNER_URLS: runners.map((runner) => runner.url).join(','), RUNNER_SECRET } : {};
  const apis: ServerProcess[] = [];
  for (let i = 0; i < API_PROCESSES; i++) {
    apis.push(
      startServer(
        `api ${i + 1}`,
        {
          ...common,
          ROLE: 'api',
          ...runnerEnv,
          // Each process's sandboxes run under uids of their own (docs/runner.md).
          RUNNER_UID_BASE: String(70_000 + i * 64),
          INSTANCE_UID_BASE: String(71_000 + i * 256),
        },
        await freePort(),
      ),
    );
  }
  const worker = startServer('worker', { ...common, ROLE: 'worker' }, await freePort());
  await Promise.all([...apis, worker].map((server) => waitHealthy(server)));
  const apiPids = apis.map((api) => api.child.pid ?? 0);
  console.log(
    `processes: ${[...apis, ...runners].map((server) => `${server.name} on ${server.port} (pid ${server.child.pid})`).join(', ')}, worker on ${worker.port} (pid ${worker.child.pid})`,
  );

  // The course a new learner may read, and its lessons with a Markdown widget.
  const setup = new Recorder();
  const scout = new Learner(LEARNERS + 1, apis[0] as ServerProcess, setup);
  await signUp(scout);
  const course = await findReadableCourse(scout);
  console.log(
    `course ${course.authorId}/${course.collectionId}: ${course.lessons.length} lessons readable by a new learner`,
  );

  // Accounts, signed up through the API beforehand (one address each), and one work document per pair of
  // learners, shared with the partner (on the other api process).
  const baselineLearner = new Learner(LEARNERS, apis[0] as ServerProcess, new Recorder());
  const learners = Array.from(
    { length: LEARNERS },
    (_, index) => new Learner(index, apis[index % API_PROCESSES] as ServerProcess, new Recorder()),
  );
  const signupStarted = performance.now();
  await pool([...learners, baselineLearner], 8, async (learner) => {
    await signUp(learner);
  });
  const docs: Doc[] = [];
  const owners = [...learners.filter((learner) => learner.index % 2 === 0), baselineLearner];
  await pool(owners, 8, async (owner) => {
    const created = (await owner.request('POST', '/api/workflows/items', {
      kind: 'document',
      title: `Notes of learner ${owner.index}`,
    })) as { item: { id: number } };
    const mate = owner === baselineLearner ? undefined : learners[owner.index + 1];
    const doc: Doc = { id: created.item.id, owner, editors: [owner], typed: [] };
    // A body to start from, so the document holds its shared text before anyone types.
    await owner.request('PUT', `/api/workflows/items/${doc.id}`, { body: 'Shared notes.' });
    if (mate) {
      await owner.request('PUT', `/api/workflows/items/${doc.id}/collaborators`, {
        email: mate.email,
        role: 'edit',
      });
      doc.editors.push(mate);
      mate.doc = doc;
    }
    owner.doc = doc;
    docs.push(doc);
  });
  await pool([...learners, baselineLearner], 8, async (learner) => {
    await learner.logout();
  });
  console.log(
    `${LEARNERS + 1} learners signed up and ${docs.length} work documents shared in ${ms(performance.now() - signupStarted)} ms`,
  );

  // Baseline: the same cycle, one learner alone on the idle platform, no think time.
  const baseline = baselineLearner.recorder;
  for (let i = 0; i < BASELINE_CYCLES; i++) await visit(baselineLearner, course, async () => true);

  // The load.
  const recorder = new Recorder();
  for (const learner of learners) learner.recorder = recorder;
  const cpuOf = () => ({
    apis: apiPids.map((pid) => cpuSeconds(pid)),
    runners: apiPids.map(childrenCpuSeconds),
    runnerHosts: runners.map((runner) => {
      const pid = runner.child.pid ?? 0;
      return cpuSeconds(pid) + childrenCpuSeconds(pid);
    }),
    worker: cpuSeconds(worker.child.pid ?? 0),
    client: process.cpuUsage(),
  });
  const cpuBefore = cpuOf();
  const loadStarted = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  const think = () => {
    const wait = THINK_MS * (0.5 + Math.random());
    if (Date.now() + wait > deadline) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => setTimeout(() => resolve(true), wait));
  };
  await Promise.all(
    learners.map(async (learner) => {
      while (await visit(learner, course, think));
    }),
  );
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const cpuAfter = cpuOf();
  const loadAtEnd = os.loadavg();

  // Every acknowledged edit must be in the stored document (stores are debounced: poll with a deadline).
  const lost = await lostEdits(docs);

  // Phase 2: sockets held open on the learners' documents, alternating the two api processes.
  const socketResult = await holdSockets(apis, apiPids, docs);

  await cleanUp();

  // ---- The report -----------------------------------------------------------------------------------
  const cores = os.availableParallelism();
  console.log(`\n## Load: ${LEARNERS} learners for ${SECONDS} s (think time ${THINK_MS} ms ±50%)`);
  console.log(
    `platform: ${API_PROCESSES}× ROLE=api + 1× ROLE=worker${RUNNER_HOSTS > 0 ? ` + ${RUNNER_HOSTS}× ROLE=runner` : ''} from apps/server/dist on PostgreSQL, collaboration shared through Redis (${REDIS_URL});`,
  );
  console.log(
    RUNNER_HOSTS > 0
      ? `code runs on the ${RUNNER_HOSTS} runner hosts (RUNNER_URLS, fewest runs in flight first, a full host's run offered to the others); each api process hosts the collaboration server`
      : 'each api process hosts the collaboration server and runs code in its own sandboxed child process (BENCH_RUNNER_HOSTS=0)',
  );
  console.log(
    'balancing: client-side round-robin, learner i on api process i mod 2 (HTTP and its WebSockets)',
  );
  console.log(
    `machine: ${cores} cores, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at start, ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} after the load phase`,
  );
  console.log('');
  const header = `${'action'.padEnd(15)} ${'count'.padStart(6)} ${'errors'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'alone p50'.padStart(9)} ${'p50/alone'.padStart(9)}`;
  console.log(header);
  for (const action of ACTIONS) {
    const row = summary(recorder.samples.get(action));
    const alone = summary(baseline.samples.get(action));
    console.log(
      `${action.padEnd(15)} ${String(row.count).padStart(6)} ${String(recorder.errorCount(action)).padStart(6)} ${ms(row.p50).padStart(7)} ${ms(row.p95).padStart(7)} ${ms(row.p99).padStart(7)} ${ms(row.max).padStart(7)} ${ms(alone.p50).padStart(9)} ${(Number.isNaN(row.p50 / alone.p50) ? '-' : `${(row.p50 / alone.p50).toFixed(1)}×`).padStart(9)}`,
    );
  }
  const share = (seconds: number) => `${((seconds / loadSeconds) * 100).toFixed(0)}%`;
  const cpuLines = apis.map(
    (api, i) =>
      `${api.name} ${share((cpuAfter.apis[i] ?? 0) - (cpuBefore.apis[i] ?? 0))}${RUNNER_HOSTS > 0 ? '' : ` + its runner child and sandboxes ${share((cpuAfter.runners[i] ?? 0) - (cpuBefore.runners[i] ?? 0))}`}`,
  );
  runners.forEach((runner, i) => {
    cpuLines.push(
      `${runner.name} with its sandboxes ${share((cpuAfter.runnerHosts[i] ?? 0) - (cpuBefore.runnerHosts[i] ?? 0))}`,
    );
  });
  cpuLines.push(`worker ${share(cpuAfter.worker - cpuBefore.worker)}`);
  const client = process.cpuUsage(cpuBefore.client);
  cpuLines.push(`this bench (the learners' client) ${share((client.user + client.system) / 1e6)}`);
  console.log(
    `CPU during the load phase, share of one core (${cores} cores = ${cores * 100}%; PostgreSQL, Redis and other work on the machine not counted): ${cpuLines.join(', ')}`,
  );
  const errors = recorder.errorCount();
  const done = recorder.okCount();
  console.log(
    `\n${done + errors} actions in ${loadSeconds.toFixed(1)} s (${((done + errors) / loadSeconds).toFixed(1)}/s), ${learners.reduce((sum, l) => sum + l.cycles, 0)} visits started, errors: ${errors}; times in ms`,
  );
  for (const [action, reasons] of recorder.errors)
    for (const [reason, count] of reasons) console.log(`  error  ${action}: ${count}× ${reason}`);
  const baselineErrors = baseline.errorCount();
  if (baselineErrors > 0)
    for (const [action, reasons] of baseline.errors)
      for (const [reason, count] of reasons) console.log(`  baseline error  ${action}: ${count}× ${reason}`);
  const typed = docs.reduce((sum, doc) => sum + doc.typed.length, 0);
  console.log(
    `co-edited text: ${typed} acknowledged edits typed, ${lost.length} missing from the stored documents${lost.length > 0 ? `: ${lost.slice(0, 10).join(', ')}` : ''}`,
  );

  console.log(`\n## ${SOCKETS} collaboration WebSockets held open on ${docs.length} work documents`);
  console.log(
    `opened: ${socketResult.opened}, failed: ${socketResult.failed}${socketResult.failures.length > 0 ? ` (${socketResult.failures.join('; ')})` : ''}; open + sync p50 ${ms(socketResult.open.p50)} ms, p95 ${ms(socketResult.open.p95)}, p99 ${ms(socketResult.open.p99)}`,
  );
  console.log(
    `${'process'.padEnd(8)} ${'sockets'.padStart(7)} ${'RSS before'.padStart(11)} ${'RSS after'.padStart(11)} ${'per socket'.padStart(11)}`,
  );
  const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
  let before = 0;
  let after = 0;
  for (const [i, api] of apis.entries()) {
    const b = socketResult.rssBefore[i] ?? 0;
    const a = socketResult.rssAfter[i] ?? 0;
    const held = socketResult.perProcess[i] ?? 0;
    before += b;
    after += a;
    console.log(
      `${api.name.padEnd(8)} ${String(held).padStart(7)} ${mib(b).padStart(11)} ${mib(a).padStart(11)} ${`${((a - b) / Math.max(1, held)).toFixed(1)} KiB`.padStart(11)}`,
    );
  }
  console.log(
    `${'both'.padEnd(8)} ${String(socketResult.opened).padStart(7)} ${mib(before).padStart(11)} ${mib(after).padStart(11)} ${`${((after - before) / Math.max(1, socketResult.opened)).toFixed(1)} KiB`.padStart(11)}`,
  );
  console.log(
    `RSS: /proc/<pid>/status VmRSS of each api process (its runner child not included), ${socketResult.settled ? 'settled readings (five samples over 2 s within 1 MiB)' : 'NOT settled within 20 s (median of the last five samples)'}`,
  );
  console.log(
    `one edit with every socket open reached the ${socketResult.broadcastTo} other editors of its document (both processes) in p50 ${ms(socketResult.broadcast.p50)} ms, max ${ms(socketResult.broadcast.max)} ms`,
  );
  for (const server of [...apis, worker]) {
    const logged = serverErrors(server);
    if (logged.length > 0)
      console.log(`${server.name} logged ${logged.length} errors: ${logged.slice(0, 5).join(' | ')}`);
  }
  if (errors > 0 || lost.length > 0 || socketResult.failed > 0) process.exitCode = 1;
}

/** Error lines (pino level 50 and above) the process wrote, with their message and error. */
function serverErrors(server: ServerProcess): string[] {
  const found: string[] = [];
  for (const line of server.output.join('').split('\n')) {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) >= 50)
        found.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
    } catch {
      // not a log line
    }
  }
  return found;
}

async function signUp(learner: Learner): Promise<void> {
  // The CSRF cookie a browser receives with the first page.
  await learner.request('GET', '/api/health');
  await learner.request('POST', '/api/user/signup', {
    email: learner.email,
    password: PASSWORD,
    // Names take letters only: the index in base 26.
    full_name: `Learner ${learner.index.toString(26).replace(/./g, (digit) => String.fromCharCode(97 + Number.parseInt(digit, 26)))}`,
  });
  learner.loggedIn = true;
}

/** The first catalogue course whose lessons a new learner may read, with their first Markdown widget. */
async function findReadableCourse(learner: Learner): Promise<Course> {
  const featured = (await learner.request(
    'GET',
    '/api/reader/featured_items?only_courses=true',
  )) as FeaturedItemsResponse;
  let best: Course | null = null;
  for (const item of featured.items) {
    const base = `/api/reader/collection/${item.author_id}/${item.collection_id}`;
    let home: CourseHome;
    try {
      home = (await learner.request('GET', base)) as CourseHome;
    } catch {
      continue;
    }
    const lessons: Course['lessons'] = [];
    for (const page of home.toc.flatMap((category) => category.pages)) {
      try {
        const lesson = (await learner.request('GET', `${base}/page/${page.page_id}`)) as Lesson;
        const markdown = lesson.page.components.find((widget) => widget.type === 'MarkdownEditor');
        if (markdown) lessons.push({ pageId: page.page_id, widgetId: markdown.comp_id });
      } catch {
        // not readable by a new learner
      }
    }
    const found = { authorId: item.author_id, collectionId: item.collection_id, lessons };
    if (lessons.length >= 5) return found;
    if (lessons.length > (best?.lessons.length ?? 1)) best = found;
  }
  if (!best) throw new Error('no catalogue course has two lessons a new learner may read');
  return best;
}

/** Acknowledged edits missing from the stored documents, as `work:<id> [token]`. */
async function lostEdits(docs: Doc[]): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  const missing: string[] = [];
  for (const doc of docs) {
    if (doc.typed.length === 0) continue;
    if (!doc.owner.loggedIn) await doc.owner.login();
    for (;;) {
      const { body } = (await doc.owner.request('GET', `/api/workflows/items/${doc.id}`)) as { body: string };
      const absent = doc.typed.filter((token) => !body.includes(token));
      if (absent.length === 0 || Date.now() > deadline) {
        missing.push(...absent.map((token) => `work:${doc.id} ${token}`));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return missing;
}

async function holdSockets(apis: ServerProcess[], apiPids: number[], docs: Doc[]) {
  // Every editor logged in (the load may have ended between a log-out and the next log-in).
  const editors = [...new Set(docs.flatMap((doc) => doc.editors))];
  await pool(editors, 8, async (learner) => {
    if (!learner.loggedIn) await learner.login();
  });
  const before = await settledRssKib(apiPids);
  const open: OpenDocument[] = [];
  const byDoc = new Map<Doc, OpenDocument[]>();
  const openTimes: number[] = [];
  const failures = new Map<string, number>();
  const perProcess = apis.map(() => 0);
  await pool(
    Array.from({ length: SOCKETS }, (_, i) => i),
    50,
    async (i) => {
      const doc = docs[i % docs.length] as Doc;
      const editor = doc.editors[Math.floor(i / docs.length) % doc.editors.length] as Learner;
      const apiIndex = i % apis.length;
      const started = performance.now();
      try {
        const socket = await openDocument(editor, apis[apiIndex] as ServerProcess, `work:${doc.id}`);
        openTimes.push(performance.now() - started);
        open.push(socket);
        perProcess[apiIndex] = (perProcess[apiIndex] ?? 0) + 1;
        const list = byDoc.get(doc) ?? [];
        byDoc.set(doc, list);
        list.push(socket);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
      }
    },
  );
  const after = await settledRssKib(apiPids);

  // With everything open: one edit, and the time until each other editor of that document has it.
  const broadcastTimes: number[] = [];
  const target = [...byDoc.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const [writer, ...readers] = target;
  if (writer) {
    const token = `[broadcast ${process.pid}]`;
    const started = performance.now();
    const arrived = readers.map(
      (reader) =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (!reader.text().toString().includes(token)) return;
            broadcastTimes.push(performance.now() - started);
            reader.text().unobserve(check);
            resolve();
          };
          reader.text().observe(check);
        }),
    );
    writer.text().insert(writer.text().length, token);
    await Promise.race([Promise.all(arrived), new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  for (const socket of open) socket.close();
  return {
    opened: open.length,
    failed: SOCKETS - open.length,
    failures: [...failures].map(([reason, count]) => `${count}× ${reason}`),
    open: summary(openTimes),
    rssBefore: before.kib,
    rssAfter: after.kib,
    settled: before.settled && after.settled,
    perProcess,
    broadcastTo: readers.length,
    broadcast: summary(broadcastTimes),
  };
}

main()
  .catch(async (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    // Providers and keep-alive sockets may still hold the event loop.
    process.exit();
  });
