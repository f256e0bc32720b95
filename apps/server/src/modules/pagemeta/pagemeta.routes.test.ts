import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { buildCourse } from '../../test/factories.js';
import { openTestDatabase } from '../../test/harness.js';
import { seedMarketingDemo } from '../marketing/marketing.demo.js';

// Every page of the web app is index.html; each public one carries its own title, description and Open
// Graph tags, written by the server from what a visitor may read.

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Coderoom</title>
    <script src="/theme-init.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let webDir: string;
let course: Awaited<ReturnType<typeof buildCourse>>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  webDir = await mkdtemp(path.join(tmpdir(), 'coderoom-web-'));
  await writeFile(path.join(webDir, 'index.html'), INDEX);
  app = await buildApp({
    config: {
      publicUrl: 'https://coderoom.example',
      webDistDir: webDir,
      trustProxy: false,
      logLevel: 'silent',
    },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: database.db }),
    logger: false,
  });
  await app.ready();
  course = await buildCourse(database, {
    title: 'Haskell <Folds> & Friends',
    summary: 'Fold lists into values, one small step at a time, and learn why foldr works on infinite lists.',
    lessons: 2,
  });
});
afterAll(async () => {
  await app.close();
  await drop();
  await rm(webDir, { recursive: true, force: true });
});

async function page(url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
}

function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

describe('index.html per page', () => {
  it('describes the landing page and explore, and lets search engines list them', async () => {
    const landing = await page('/');
    expect(landing).toContain('<title>Coderoom — Interactive Courses for Software Developers</title>');
    expect(meta(landing, 'description')).toMatch(/^Learn to code with interactive courses/);
    expect(meta(landing, 'og:url')).toBe('https://coderoom.example/');
    expect(meta(landing, 'robots')).toBeUndefined();
    const explore = await page('/explore?topic=Go');
    expect(meta(explore, 'og:title')).toBe(
      'Explore · Coderoom — Interactive Courses for Software Developers',
    );
    expect(explore).toContain('<link rel="canonical" href="https://coderoom.example/explore" />');
    // The rest of index.html is untouched.
    expect(explore).toContain('<script src="/theme-init.js"></script>');
  });

  it("gives a course page the course's own title and summary, escaped", async () => {
    const url = `/courses/${course.collection.slug}/${course.collection.encodedId}`;
    const html = await page(url);
    expect(html).toContain(
      '<title>Haskell &lt;Folds&gt; &amp; Friends · Coderoom — Interactive Courses for Software Developers</title>',
    );
    expect(meta(html, 'description')).toBe(
      'Fold lists into values, one small step at a time, and learn why foldr works on infinite lists.',
    );
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe(`https://coderoom.example${url}`);
  });

  it('gives a lesson its title and place in the course, locked or not, and nothing of its content', async () => {
    const [, locked] = course.pageIds;
    const html = await page(`/collection/page/${course.author.id}/${course.collection.id}/${locked}`);
    expect(html).toContain('<title>Lesson 2 – Haskell &lt;Folds&gt; &amp; Friends · Coderoom');
    expect(meta(html, 'description')).toBe(
      'Lesson 2 of 2 in Haskell &lt;Folds&gt; &amp; Friends, an interactive course on Coderoom.',
    );
    expect(html).not.toContain('Text of lesson 2');
  });

  it('keeps unknown items, signed-in areas and editors out of search engines, with the site description', async () => {
    for (const url of [
      '/courses/nothing/zzzzzzzz',
      '/learn/home',
      `/collectioneditor/1/${course.collection.id}`,
    ]) {
      const html = await page(url);
      expect(meta(html, 'robots')).toBe('noindex');
      expect(meta(html, 'description')).toMatch(/^Learn to code with interactive courses/);
    }
  });

  it('gives the footer pages their own descriptions', async () => {
    for (const [url, title] of [
      ['/about', 'About'],
      ['/pricing', 'Pricing'],
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      const html = await page(url);
      expect(meta(html, 'og:title')).toBe(
        `${title} · Coderoom — Interactive Courses for Software Developers`,
      );
      expect(meta(html, 'description')?.length).toBeGreaterThan(50);
    }
  });

  it('gives published marketing pages, blog posts and the discovery pages their own words', async () => {
    await seedMarketingDemo(database.db, course.author.id, new Date('2026-03-01T12:00:00Z'));
    const forTeams = await page('/m/for-teams');
    expect(meta(forTeams, 'og:title')).toBe(
      'Coderoom for teams · Coderoom — Interactive Courses for Software Developers',
    );
    expect(meta(forTeams, 'description')).toMatch(/^Courses, paths and projects for your whole team/);
    expect(meta(forTeams, 'robots')).toBeUndefined();
    const post = await page('/blog/a-sandbox-per-run');
    expect(meta(post, 'og:type')).toBe('article');
    expect(meta(post, 'og:url')).toBe('https://coderoom.example/blog/a-sandbox-per-run');
    expect(meta(await page('/m/no-such-page'), 'robots')).toBe('noindex');
    const interview = await page('/prepare-for-interview');
    expect(meta(interview, 'og:title')).toMatch(/^Prepare for your interview · /);
    expect(meta(interview, 'robots')).toBeUndefined();
  });

  it('still answers unknown API paths with JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('errorText');
  });
});
