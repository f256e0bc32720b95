// The built lesson page in Chromium: JavaScript transferred on a first (cold-cache) load and the time until
// the lesson text is visible; then GET of a lesson's data against a bare route serving the same JSON,
// both measured in this run on this machine. Needs `npm run build` first.
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { CourseHome, FeaturedItemsResponse } from '@coderoom/contracts';
import { buildApp, createMailer, DEMO_PASSWORD, migrate, openPglite, seedDemo } from '@coderoom/server';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 8);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_JS_GZIP_BYTES = 200 * 1024;
const TARGET_TEXT_VISIBLE_MS = 1000;
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<void> {
  const database = await openPglite(null);
  await migrate(database);
  await seedDemo(database);
  const app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: WEB_DIST, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'bench@coderoom.dev', db: database.db }),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // Log in through the API like the browser does, and find the second Python lesson.
  const health = await fetch(`${base}/api/health`);
  const csrf = /cr_csrf=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `cr_csrf=${csrf}` },
    body: JSON.stringify({ email: 'learner@coderoom.dev', password: DEMO_PASSWORD }),
  });
  const session = /cr_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const cookie = `cr_csrf=${csrf}; cr_session=${session}`;
  const search = (await (
    await fetch(`${base}/api/reader/featured_items?search_string=python&only_courses=true`)
  ).json()) as FeaturedItemsResponse;
  const course = search.items[0];
  if (!course) throw new Error('the demo Python course is missing');
  const home = (await (
    await fetch(`${base}/api/reader/collection/${course.author_id}/${course.collection_id}`)
  ).json()) as CourseHome;
  const lessonPage = home.toc.flatMap((category) => category.pages)[1];
  if (!lessonPage) throw new Error('the demo Python course has no second lesson');
  const lessonApi = `${base}/api/reader/collection/${course.author_id}/${course.collection_id}/page/${lessonPage.page_id}`;

  // 1. The page in Chromium, cold cache every run.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const visibleMs: number[] = [];
  let initialJsBytes = 0;
  let initialJsFiles = 0;
  let totalJsBytes = 0;
  let totalJsFiles = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    await context.addCookies([
      { name: 'cr_session', value: session, url: base },
      { name: 'cr_csrf', value: csrf, url: base },
    ]);
    const page = await context.newPage();
    await page.goto(`${base}${lessonPage.url}`, { waitUntil: 'commit' });
    await page.locator('.lesson-article p').first().waitFor({ state: 'visible' });
    // When the browser painted the lesson's title (Element Timing), not when this script noticed.
    const visibleAt = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list
              .getEntries()
              .find((item) => (item as unknown as { identifier: string }).identifier === 'lesson-title');
            if (entry) resolve((entry as unknown as { renderTime: number }).renderTime || entry.startTime);
          }).observe({ type: 'element' as 'mark', buffered: true });
        }),
    );
    visibleMs.push(visibleAt);
    await page.waitForLoadState('networkidle');
    // Resource timing of every script: when it was asked for, and its compressed size on the wire.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').flatMap((entry) => {
        const timing = entry as unknown as {
          initiatorType: string;
          encodedBodySize: number;
          responseEnd: number;
        };
        return timing.initiatorType === 'script' || entry.name.endsWith('.js')
          ? [
              {
                name: entry.name,
                start: entry.startTime,
                end: timing.responseEnd,
                bytes: timing.encodedBodySize,
              },
            ]
          : [];
      }),
    );
    if (process.env.BENCH_VERBOSE && run === 0) {
      const requests = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as unknown as { initiatorType: string }).initiatorType === 'fetch')
          .map((entry) => ({
            name: entry.name,
            start: entry.startTime,
            end: (entry as unknown as { responseEnd: number }).responseEnd,
          })),
      );
      for (const request of requests) {
        console.log(`  fetch ${Math.round(request.start)}→${Math.round(request.end)} ${request.name}`);
      }
      for (const script of scripts) {
        console.log(`  ${Math.round(script.start)}→${Math.round(script.end)} ${script.bytes} ${script.name}`);
      }
      console.log(`  text visible at ${Math.round(visibleAt)}`);
    }
    if (run === 0) {
      // "Initial" is what the browser asked for before the lesson text was readable.
      const initial = scripts.filter((script) => script.start <= visibleAt);
      initialJsBytes = initial.reduce((sum, script) => sum + script.bytes, 0);
      initialJsFiles = initial.length;
      totalJsBytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
      totalJsFiles = scripts.length;
    }
    await context.close();
  }
  await browser.close();

  // 2. The lesson's data: the full route against a bare Fastify route answering the same JSON.
  const lessonJson = await (await fetch(lessonApi, { headers: { cookie } })).text();
  const bare = Fastify({ logger: false });
  bare.get('/bare', async (_request, reply) => reply.type('application/json').send(lessonJson));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;
  const measure = async (url: string) => {
    const result = await autocannon({
      url,
      headers: { cookie },
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
    });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
    };
  };
  const baseline = await measure(bareUrl);
  const lesson = await measure(lessonApi);

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const p50Visible = percentile(visibleMs, 50);
  console.log('\nLesson page (built app, Chromium, cold cache)');
  console.log(
    `  initial JavaScript (until the text is visible): ${kb(initialJsBytes)} KB compressed in ${initialJsFiles} files (target ≤ 200 KB: ${initialJsBytes <= TARGET_JS_GZIP_BYTES ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  all JavaScript of the page, editor included: ${kb(totalJsBytes)} KB in ${totalJsFiles} files`,
  );
  console.log(
    `  lesson text visible: p50 ${p50Visible.toFixed(0)} ms, max ${Math.max(...visibleMs).toFixed(0)} ms over ${RUNS} loads (target < 1000 ms: ${p50Visible < TARGET_TEXT_VISIBLE_MS ? 'met' : 'NOT met'})`,
  );
  console.log('\nGET lesson data vs a bare route answering the same JSON');
  console.log(`  bare:   ${baseline.rps.toFixed(0)} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`);
  console.log(
    `  lesson: ${lesson.rps.toFixed(0)} req/s, p50 ${lesson.p50} ms, p99 ${lesson.p99} ms (non-2xx ${lesson.non2xx})`,
  );
  console.log(`  ratio (lesson / bare throughput): ${(lesson.rps / baseline.rps).toFixed(3)}`);
  await bare.close();
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
