import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  client = (await signUp(t.app)).client;
});
afterAll(async () => {
  await t.close();
});

const build = (files: Array<{ name: string; content: string }>) =>
  client.post('/api/spa/webpackbin/build', { files });

describe('POST /api/spa/webpackbin/build', () => {
  it('inlines the stylesheets and the bundled scripts (imports, TypeScript, JSX) into index.html', async () => {
    const response = await build([
      {
        name: 'index.html',
        content:
          '<!doctype html><html><head><title>Bin</title><link rel="stylesheet" href="style.css"></head><body><div id="root"></div><script src="./index.ts"></script></body></html>',
      },
      { name: 'style.css', content: 'h1 { color: teal; }' },
      {
        name: 'index.ts',
        content:
          "import { greet } from './greet';\nimport './style.css';\nconst name: string = 'bin';\ndocument.title = greet(name);",
      },
      { name: 'greet.ts', content: "export const greet = (who: string): string => 'Hello, ' + who;" },
    ]);
    expect(response.statusCode).toBe(200);
    const { html } = response.json() as { html: string };
    expect(html).toContain('<style data-file="style.css">h1 { color: teal; }</style>\n</head>');
    expect(html).toContain('Hello, ');
    // Types are gone, both files are in one script, and the references to local files are removed.
    expect(html).not.toContain(': string');
    expect(html).not.toMatch(/<script[^>]+src=|<link /);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('</body>'));
  });

  it('wraps a fragment in a page and builds React from a JSX file', async () => {
    const response = await build([
      { name: 'index.html', content: '<div id="root"></div>' },
      {
        name: 'App.jsx',
        content: [
          "import { createRoot } from 'react-dom/client';",
          "createRoot(document.getElementById('root')).render(<b>Hi from React</b>);",
        ].join('\n'),
      },
    ]);
    expect(response.statusCode).toBe(200);
    const { html } = response.json() as { html: string };
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('Hi from React');
  });

  it('shows a page without scripts as written', async () => {
    const response = await build([{ name: 'index.html', content: '<p>Only HTML</p>' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().html).toContain('<p>Only HTML</p>');
    expect(response.json().html).not.toContain('<script>');
  });

  it('answers a syntax error or a foreign import with the compiler message', async () => {
    const broken = await build([
      { name: 'index.html', content: '<div></div>' },
      { name: 'index.js', content: 'const x = ;' },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      errorText: 'Build failed',
      errors: { build: expect.stringMatching(/^index\.js:1:\d+: /) },
    });
    const foreign = await build([
      { name: 'index.html', content: '<div></div>' },
      { name: 'index.js', content: "import fs from 'node:fs';" },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.build).toContain('Cannot import "node:fs"');
  });

  it('refuses files the widget could not store: no index.html, bad names, duplicates', async () => {
    const noIndex = await build([{ name: 'index.js', content: '' }]);
    expect(noIndex.statusCode).toBe(400);
    expect(noIndex.json().errors).toEqual({ files: 'Files: Add an index.html file.' });
    const badName = await build([
      { name: 'index.html', content: '' },
      { name: '../etc/passwd.js', content: '' },
    ]);
    expect(badName.statusCode).toBe(400);
    expect(Object.keys(badName.json().errors)).toEqual(['files.1.name']);
    const twice = await build([
      { name: 'index.html', content: '' },
      { name: 'INDEX.html', content: '' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ files: 'Files: Two files share a name.' });
  });

  it('asks logged-out callers to log in', async () => {
    const response = await new TestClient(t.app).post('/api/spa/webpackbin/build', {
      files: [{ name: 'index.html', content: '' }],
    });
    expect(response.statusCode).toBe(401);
  });
});
