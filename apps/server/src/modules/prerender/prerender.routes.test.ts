import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { buildCourse } from '../../test/factories.js';
import { openTestDatabase } from '../../test/harness.js';

// A logged-out visitor's public pages arrive rendered: the page's text in #root, with its title, description
// and Open Graph tags, from the real web build (`npm run build` writes apps/web/dist and dist-ssr).

const WEB_DIST = fileURLToPath(new URL('../../../../web/dist/', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('../../../../web/dist-ssr/entry-server.js', import.meta.url));

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let course: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  if (!existsSync(SERVER_ENTRY) || !existsSync(`${WEB_DIST}.vite/manifest.json`)) {
    throw new Error('these tests render with the built web app: run `npm run build` first');
  }
  ({ database, drop } = await openTestDatabase());
  app = await buildApp({
    config: {
      publicUrl: 'https://coderoom.example',
      webDistDir: WEB_DIST,
      trustProxy: false,
      logLevel: 'silent',
    },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: database.db }),
    logger: false,
  });
  await app.ready();
  course = await buildCourse(database, {
    title: 'Prolog <Puzzles> & Proofs',
    summary: 'Solve logic puzzles by stating facts and rules, and let backtracking find the answers.',
    lessons: 2,
    preview: [0],
  });
});
afterAll(async () => {
  await app.close();
  await drop();
});

async function page(url: string, cookie?: string) {
  const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
}

function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];
}

/** What the server rendered into #root (empty for the browser to render). */
function root(html: string): string {
  const start = html.indexOf('<div id="root"');
  const end = html.indexOf('<script type="application/json" id="prerendered-state">');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

/** The queries the page was rendered from, as the browser's app starts from them. */
function state(html: string): { queries: Array<{ queryKey: unknown[] }> } {
  const match = /<script type="application\/json" id="prerendered-state">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no rendered state');
  return JSON.parse(match[1]) as { queries: Array<{ queryKey: unknown[] }> };
}

describe('public pages rendered on the server', () => {
  it("sends the landing page's text with its title, description and Open Graph tags", async () => {
    const html = await page('/');
    expect(html).toContain('<title>Coderoom — Interactive Courses for Software Developers</title>');
    expect(meta(html, 'description')).toMatch(/^Learn to code with interactive courses/);
    expect(meta(html, 'og:title')).toBe('Coderoom — Interactive Courses for Software Developers');
    expect(root(html)).toContain('<h1>Learn to code by reading and running real code.</h1>');
    // The popular courses come from the catalogue, so the listing's answer went with the page.
    expect(root(html)).toContain('Prolog &lt;Puzzles&gt; &amp; Proofs');
    expect(state(html).queries.length).toBeGreaterThan(0);
  });

  it("sends a course page with the course's title, summary and outline", async () => {
    const url = `/courses/${course.collection.slug}/${course.collection.encodedId}`;
    const html = await page(url);
    expect(html).toContain(
      '<title>Prolog &lt;Puzzles&gt; &amp; Proofs · Coderoom — Interactive Courses for Software Developers</title>',
    );
    expect(meta(html, 'description')).toBe(
      'Solve logic puzzles by stating facts and rules, and let backtracking find the answers.',
    );
    expect(meta(html, 'og:title')).toBe(
      'Prolog &lt;Puzzles&gt; &amp; Proofs · Coderoom — Interactive Courses for Software Developers',
    );
    expect(meta(html, 'og:type')).toBe('article');
    const body = root(html);
    expect(body).toMatch(/<h1[^>]*>Prolog &lt;Puzzles&gt; &amp; Proofs<\/h1>/);
    expect(body).toContain('Solve logic puzzles by stating facts and rules');
    expect(body).toContain('Lesson 2');
    // The styles come inside the page, so it paints styled with nothing else to download first.
    expect(html).toMatch(/<style data-href="\/assets\/reader-[^"]+\.css">[^<]*\.course-page/);
    expect(html).toMatch(/<style data-href="\/assets\/index-[^"]+\.css">/);
    expect(html).not.toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/index-/);
    // The app's code is asked for once the page is painted, with the page's own chunks.
    expect(html).toMatch(
      /<script src="\/start-app.js" data-entry="\/assets\/index-[^"]+\.js" data-preload="[^"]*\/assets\/CoursePage-[^"]+\.js[^"]*" defer><\/script>/,
    );
    expect(html).not.toContain('<script type="module"');
  });

  it('sends a preview lesson with its text, and a locked one without it', async () => {
    const [open, locked] = course.pageIds;
    const lesson = await page(`/collection/page/${course.author.id}/${course.collection.id}/${open}`);
    expect(root(lesson)).toContain('Text of lesson 1.');
    expect(lesson).toContain('<title>Lesson 1 – Prolog &lt;Puzzles&gt; &amp; Proofs · Coderoom');
    const gate = await page(`/collection/page/${course.author.id}/${course.collection.id}/${locked}`);
    expect(gate).toContain('<title>Lesson 2 – Prolog &lt;Puzzles&gt; &amp; Proofs · Coderoom');
    expect(gate).not.toContain('Text of lesson 2.');
  });

  it('leaves pages to the browser for anyone signed in, and for pages that are not public', async () => {
    const url = `/courses/${course.collection.slug}/${course.collection.encodedId}`;
    for (const cookie of ['cr_session=anything', 'cr_logged_in=1']) {
      const html = await page(url, cookie);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('prerendered-state');
      // The tags are there all the same.
      expect(meta(html, 'og:type')).toBe('article');
    }
    const settings = await page('/settings');
    expect(settings).toContain('<div id="root"></div>');
  });

  it("renders a course again once what it shows changes (the author's name; the change feed drops the kept page)", async () => {
    const url = `/courses/${course.collection.slug}/${course.collection.encodedId}`;
    expect(root(await page(url))).toContain('Course Author');
    // As an operator's SQL would: the table's trigger tells every process (docs/performance.md "Caches").
    await database.db.execute(
      sql`update users set full_name = ${'Alain Colmerauer'} where id = ${course.author.id}`,
    );
    await expect.poll(async () => root(await page(url)), { timeout: 5_000 }).toContain('Alain Colmerauer');
  });
});
