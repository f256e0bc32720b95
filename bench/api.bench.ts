// The read path against a bare Fastify route answering a constant, all measured in this run on this
// machine: GET /api/health, GET /api/user/info (logged in), a lesson read (logged in; logged in asking for
// brotli as a browser does; anonymous on a preview lesson) and the catalogue. Prints req/s, p50/p99, the
// ratio to bare and the SQL statements one request sends (docs/performance.md). DATABASE_URL measures on
// PostgreSQL instead of embedded PGlite.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { CourseHome, FeaturedItemsResponse } from '@coderoom/contracts';
import {
  buildApp,
  createMailer,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  migrate,
  openPglite,
  openPostgres,
  seedDemo,
} from '@coderoom/server';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/**
 * The load generator runs in worker threads (default 1), not in the servers' thread: otherwise its own work,
 * which grows with the answer's size (a lesson is ~15 KB, the bare route 40 bytes), is counted against the
 * route. 0 runs it in the servers' thread as before.
 */
const CLIENT_WORKERS = Number(process.env.BENCH_CLIENT_WORKERS ?? 1);
/** Comma-separated names of the rows to measure (default: all). */
const ONLY = process.env.BENCH_ONLY?.split(',');

interface Measured {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  statements: number | null;
  /** CPU time of the servers' thread per answered request (null when the client shares that thread). */
  cpuMicrosPerRequest: number | null;
}

/**
 * CPU time (user + system) the servers' own thread has used so far, in microseconds, from
 * /proc/self/task/<pid>/stat (the main thread's id is the process id; the load generator's worker threads and
 * V8's helper threads have their own). Throughput on a shared machine moves with everything else running;
 * the CPU one request costs the servers' thread moves far less, and its inverse is the throughput one core
 * would give (docs/performance.md).
 */
async function serverThreadCpuMicros(): Promise<number> {
  const stat = await readFile(`/proc/self/task/${process.pid}/stat`, 'utf8');
  // Fields after the command name (which is in parentheses and may hold spaces): utime is the 14th field.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

async function measure(name: string, url: string, headers: Record<string, string>): Promise<Measured> {
  const cpuBefore = await serverThreadCpuMicros();
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    ...(CLIENT_WORKERS > 0 ? { workers: CLIENT_WORKERS } : {}),
  });
  const cpuMicros = (await serverThreadCpuMicros()) - cpuBefore;
  return {
    name,
    cpuMicrosPerRequest:
      CLIENT_WORKERS > 0 && result.requests.total > 0 ? cpuMicros / result.requests.total : null,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    statements: null,
  };
}

async function main(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ user_id: 1, email: 'bench@coderoom.dev' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const database = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : await openPglite(null);
  await migrate(database);
  await seedDemo(database);
  const app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'bench@coderoom.dev', db: database.db }),
    logger: false,
    // The job worker polls the database; its statements would blur the per-request count.
    runJobs: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // Log in like the browser: take the CSRF cookie, send it back in the header, keep the session cookie.
  const health = await fetch(`${appUrl}/api/health`);
  const csrf = /cr_csrf=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${appUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `cr_csrf=${csrf}` },
    body: JSON.stringify({ email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const session = /cr_session=([^;]+)/.exec(login.headers.getSetCookie().join('; '))?.[1];
  if (!session) throw new Error('no session cookie');
  // Every cookie a browser would hold after logging in (the logged-in marker too, or each answer sets it).
  const loggedIn = { cookie: `cr_session=${session}; cr_csrf=${csrf}; cr_logged_in=1` };
  const anonymous = { cookie: `cr_csrf=${csrf}` };

  // The first demo course from the catalogue, its first lesson and its first preview lesson.
  const catalogueUrl = `${appUrl}/api/reader/featured_items?only_courses=true`;
  const featured = (await (await fetch(catalogueUrl)).json()) as FeaturedItemsResponse;
  const course = featured.items[0];
  if (!course) throw new Error('no demo course in the catalogue');
  const home = (await (
    await fetch(`${appUrl}/api/reader/collection/${course.author_id}/${course.collection_id}`)
  ).json()) as CourseHome;
  const pages = home.toc.flatMap((category) => category.pages);
  const lessonPath = (pageId: number) =>
    `/api/reader/collection/${course.author_id}/${course.collection_id}/page/${pageId}`;
  const firstLesson = pages[0];
  const previewLesson = pages.find((page) => page.is_preview);
  if (!firstLesson) throw new Error('the demo course has no lesson');

  const routes: Array<{ name: string; url: string; headers: Record<string, string> }> = [
    { name: 'GET /api/health', url: `${appUrl}/api/health`, headers: loggedIn },
    { name: 'GET /api/user/info', url: `${appUrl}/api/user/info`, headers: loggedIn },
    { name: 'lesson (logged in)', url: `${appUrl}${lessonPath(firstLesson.page_id)}`, headers: loggedIn },
    // What a browser asks for: the answer compressed (brotli).
    {
      name: 'lesson (logged in, br)',
      url: `${appUrl}${lessonPath(firstLesson.page_id)}`,
      headers: { ...loggedIn, 'accept-encoding': 'gzip, deflate, br' },
    },
    ...(previewLesson
      ? [
          {
            name: 'lesson (anonymous)',
            url: `${appUrl}${lessonPath(previewLesson.page_id)}`,
            headers: anonymous,
          },
        ]
      : []),
    {
      name: 'course home (logged in)',
      url: `${appUrl}/api/reader/collection/${course.author_id}/${course.collection_id}`,
      headers: loggedIn,
    },
    { name: 'catalogue', url: catalogueUrl, headers: anonymous },
  ].filter((route) => !ONLY || ONLY.some((only) => route.name.includes(only)));

  // Statements one request sends, read off the database handle's counter (after two warm-up requests:
  // a first visit's writes do not count as the steady state, nor does the read after them, which loads
  // again what the write's notifications dropped from the caches).
  const statementsOf = async (url: string, headers: Record<string, string>) => {
    // The previous row's last requests may still be answering: wait until the counter stands still.
    for (let last = -1; last !== database.stats.statements; ) {
      last = database.stats.statements;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await fetch(url, { headers });
    await fetch(url, { headers });
    const before = database.stats.statements;
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return database.stats.statements - before;
  };

  // The machine is shared, so its load moves during a run: each route is measured right after its own bare
  // baseline and reported as a share of that one.
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;
  const rows: Array<{ row: Measured; baseline: Measured }> = [];
  for (const route of routes) {
    const statements = await statementsOf(route.url, route.headers);
    const baseline = await measure('bare Fastify route', bareUrl, {});
    rows.push({ row: { ...(await measure(route.name, route.url, route.headers)), statements }, baseline });
  }

  await app.close();
  await bare.close();
  await database.close();

  const client =
    CLIENT_WORKERS > 0
      ? `load generator in ${CLIENT_WORKERS} worker thread(s)`
      : "load generator in the servers' thread";
  console.log(
    `\n${DURATION_SECONDS}s each, ${CONNECTIONS} connections, ${client}, database: ${database.kind}\n`,
  );
  const cpu = (micros: number | null) => (micros === null ? '-' : `${micros.toFixed(0)}us`);
  console.log(
    `${'route'.padEnd(26)} ${'req/s'.padStart(8)} ${'bare'.padStart(8)} ${'of bare'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'SQL/req'.padStart(8)} ${'CPU/req'.padStart(8)} ${'bare'.padStart(8)} ${'of bare'.padStart(8)}`,
  );
  for (const { row, baseline } of rows) {
    const cpuShare =
      row.cpuMicrosPerRequest && baseline.cpuMicrosPerRequest
        ? `${((baseline.cpuMicrosPerRequest / row.cpuMicrosPerRequest) * 100).toFixed(1)}%`
        : '-';
    console.log(
      `${row.name.padEnd(26)} ${row.requestsPerSecond.toFixed(0).padStart(8)} ${baseline.requestsPerSecond.toFixed(0).padStart(8)} ${`${((row.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}%`.padStart(8)} ${`${row.p50Ms}ms`.padStart(6)} ${`${row.p99Ms}ms`.padStart(6)} ${String(row.statements ?? '-').padStart(8)} ${cpu(row.cpuMicrosPerRequest).padStart(8)} ${cpu(baseline.cpuMicrosPerRequest).padStart(8)} ${cpuShare.padStart(8)}`,
    );
  }
  if (CLIENT_WORKERS > 0) {
    console.log(
      "\nCPU/req: the servers' thread's CPU time per answered request; \"of bare\" there is the bare route's CPU per request over the route's (the share of the bare route's throughput the route reaches on one core of its own).",
    );
  }
  const invalid = rows.map(({ row }) => row).filter((row) => row.non2xx > 0);
  for (const row of invalid)
    console.error(`${row.name}: ${row.non2xx} non-2xx answers, not a valid measurement`);
  if (invalid.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
