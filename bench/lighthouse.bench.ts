// Lighthouse (mobile, its default: a mid-range phone on a throttled network) on the built app as a
// logged-out visitor sees it: the landing page, explore, a course page and one of its lessons, in Debian's
// Chromium. Prints each category's score against the targets of docs/accessibility.md and every audit that
// failed; the reports are written to bench/results/lighthouse/. Needs `npm run build` first.
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { CourseHome, FeaturedItemsResponse } from '@coderoom/contracts';
import { buildApp, createMailer, migrate, openPglite, seedDemo } from '@coderoom/server';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results/lighthouse/', import.meta.url));
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
];
/** Minimum scores (0–100); performance is printed, not held to a number here (bench:web measures it). */
const TARGETS: Record<string, number> = { accessibility: 100, 'best-practices': 95, seo: 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function main(): Promise<void> {
  const database = await openPglite(null);
  await migrate(database);
  await seedDemo(database);
  // The public address is the one the browser uses, so canonical links and Open Graph URLs are right.
  const app = await buildApp({
    config: { publicUrl: 'http://127.0.0.1', webDistDir: WEB_DIST, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'bench@coderoom.dev', db: database.db }),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // A course a visitor can open, and its first lesson.
  const search = (await (
    await fetch(`${base}/api/reader/featured_items?search_string=python&only_courses=true`)
  ).json()) as FeaturedItemsResponse;
  const course = search.items[0];
  if (!course) throw new Error('the demo Python course is missing');
  const home = (await (
    await fetch(`${base}/api/reader/collection/${course.author_id}/${course.collection_id}`)
  ).json()) as CourseHome;
  const lesson = home.toc.flatMap((category) => category.pages)[0];
  if (!lesson) throw new Error('the demo Python course has no lesson');
  const pages = [
    { name: 'landing', path: '/' },
    { name: 'explore', path: '/explore' },
    { name: 'course', path: course.url },
    { name: 'lesson', path: lesson.url },
  ];

  await mkdir(RESULTS, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  let allMet = true;
  try {
    for (const page of pages) {
      const result = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: ['html', 'json'],
        onlyCategories: CATEGORIES,
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
      const { lhr, report } = result;
      const [html, json] = Array.isArray(report) ? report : [report, ''];
      await writeFile(`${RESULTS}${page.name}.report.html`, html ?? '');
      await writeFile(`${RESULTS}${page.name}.report.json`, json ?? '');

      const scores = CATEGORIES.map((id) => {
        const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const target = TARGETS[id];
        const met = target === undefined || score >= target;
        if (!met) allMet = false;
        return `${id} ${score}${target === undefined ? '' : met ? ' (met)' : ` (NOT met: ≥ ${target})`}`;
      });
      console.log(`\n${page.name} ${page.path}\n  ${scores.join(' · ')}`);
      // Every scored audit of the held categories that did not pass, so a failure says what to fix.
      for (const id of Object.keys(TARGETS)) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            console.log(`    ${id}: ${audit.id} — ${audit.title}`);
          }
        }
      }
    }
  } finally {
    await chrome.kill();
    await app.close();
    await database.close();
  }
  console.log(`\nreports: ${RESULTS}`);
  console.log(allMet ? 'all targets met' : 'some targets NOT met');
  if (!allMet) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
