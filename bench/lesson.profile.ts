// Where a lesson GET spends its CPU: `npm run profile:lesson` reads one lesson (logged in)
// PROFILE_REQUESTS times through app.inject under the V8 CPU profiler (the same profiler as
// `node --cpu-prof`, started around the reads only so seeding does not count) and prints self time by
// package; the .cpuprofile is written to bench/profiles/ for Chrome DevTools.
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
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

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 2000);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string {
  if (!url) return '(native / idle / gc)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node internals';
  const server = url.indexOf('apps/server/');
  if (server >= 0) return `coderoom: ${url.slice(server).split('/').slice(0, 5).join('/')}`;
  return url;
}

function summarize(profile: Profile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    const frame = node?.callFrame;
    const name = frame?.functionName === '(idle)' ? '(idle)' : packageOf(frame?.url ?? '');
    totals.set(name, (totals.get(name) ?? 0) + delta);
    all += delta;
  });
  const busy = all - (totals.get('(idle)') ?? 0);
  console.log(`${(busy / 1000).toFixed(0)} ms busy; self time by package (share of busy time):`);
  const ranked = [...totals].filter(([name]) => name !== '(idle)').sort((a, b) => b[1] - a[1]);
  for (const [name, micros] of ranked.slice(0, 15)) {
    console.log(`${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : await openPglite(null);
  await migrate(database);
  await seedDemo(database);
  const app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'bench@coderoom.dev', db: database.db }),
    logger: false,
  });
  await app.ready();
  const health = await app.inject({ url: '/api/health' });
  const csrf = String(health.cookies.find((cookie) => cookie.name === 'cr_csrf')?.value);
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'x-csrf-token': csrf, cookie: `cr_csrf=${csrf}` },
    payload: { email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD },
  });
  const session = login.cookies.find((cookie) => cookie.name === 'cr_session')?.value;
  // Every cookie a browser would hold after logging in (the logged-in marker too, or each answer sets it).
  const headers = { cookie: `cr_session=${session}; cr_csrf=${csrf}; cr_logged_in=1` };
  const featured = (
    await app.inject({ url: '/api/reader/featured_items?only_courses=true' })
  ).json<FeaturedItemsResponse>();
  const course = featured.items[0];
  if (!course) throw new Error('no demo course');
  const home = (
    await app.inject({ url: `/api/reader/collection/${course.author_id}/${course.collection_id}` })
  ).json<CourseHome>();
  const pageId = home.toc.flatMap((category) => category.pages)[0]?.page_id;
  // PROFILE_PATH profiles another GET the same way (e.g. /api/health or /api/user/info).
  const url =
    process.env.PROFILE_PATH ??
    `/api/reader/collection/${course.author_id}/${course.collection_id}/page/${pageId}`;
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
  const before = database.stats.statements;
  const started = performance.now();
  for (let index = 0; index < REQUESTS; index += 1) {
    const response = await app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  }
  const elapsed = performance.now() - started;
  const { profile } = await inspector.post('Profiler.stop');
  inspector.disconnect();
  const dir = path.join(import.meta.dirname, 'profiles');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `lesson-${database.kind}.cpuprofile`), JSON.stringify(profile));
  console.log(
    `${REQUESTS} GET ${url} (${database.kind}): ${(elapsed / REQUESTS).toFixed(2)} ms each, ${((database.stats.statements - before) / REQUESTS).toFixed(1)} SQL statements each`,
  );
  summarize(profile as unknown as Profile);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
