import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const files = {
  index: [
    "import { createRoot } from 'react-dom/client';",
    "import App from './App';",
    "import './style.css';",
    "createRoot(document.getElementById('root')).render(<App />);",
  ].join('\n'),
  app: [
    "import { useState } from 'react';",
    'export default function App() {',
    '  const [count, setCount] = useState(0);',
    '  return <button onClick={() => setCount(count + 1)}>Pressed {count} times</button>;',
    '}',
  ].join('\n'),
  style: 'button { color: rebeccapurple; }',
};

describe('POST /api/spa/build', () => {
  it('bundles the files with React into one self-contained page', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/spa/build', { files });
    expect(response.statusCode).toBe(200);
    const { html } = response.json() as { html: string };
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<style>button { color: rebeccapurple; }</style>');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('Pressed ');
    // React itself is inlined: nothing is loaded from elsewhere.
    expect(html).not.toMatch(/<script[^>]+src=|<link /);
  });

  it('keeps a closing script tag in the code from ending the page script early', async () => {
    const { client } = await signUp(t.app);
    const app = `export default function App() { return <p>{'</script><script>alert(1)</script>'}</p>; }`;
    const response = await client.post('/api/spa/build', { files: { ...files, app } });
    expect(response.statusCode).toBe(200);
    expect(response.json().html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('answers a syntax error with the compiler message', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/spa/build', {
      files: { ...files, app: 'export default () => <div>' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorText: 'Build failed',
      errors: { build: expect.stringMatching(/^app:1:\d+: .*closing "div" tag/) },
    });
  });

  it('refuses imports other than React and the widget files', async () => {
    const { client } = await signUp(t.app);
    for (const source of [
      "import fs from 'fs';",
      "import x from '../../../package.json';",
      "import x from '/etc/passwd';",
    ]) {
      const response = await client.post('/api/spa/build', {
        files: { ...files, app: `${source}\nexport default x;` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.build).toMatch(/Cannot import/);
    }
  });

  it('answers bad input with the field and its message', async () => {
    const { client } = await signUp(t.app);
    const missing = await client.post('/api/spa/build', { files: { index: files.index, app: files.app } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors['files.style']).toBe("Style can't be blank.");
    const tooLong = await client.post('/api/spa/build', { files: { ...files, style: 'x'.repeat(100_001) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors['files.style']).toBeTruthy();
    const unknown = await client.post('/api/spa/build', { files, outputHeight: 300 });
    expect(unknown.json().errors.outputHeight).toBe('Unknown field.');
  });

  it('needs a signed-in account', async () => {
    const response = await new TestClient(t.app).post('/api/spa/build', { files });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/spa/frame', () => {
  it('serves the preview shell with its own sandboxing policy instead of the app’s', async () => {
    const response = await new TestClient(t.app).get('/api/spa/frame');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(response.headers['content-security-policy']);
    // An opaque origin even when opened in a tab, inline scripts allowed, framed only by the app.
    expect(policy).toMatch(/^sandbox allow-scripts;/);
    expect(policy).toContain("script-src 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("script-src 'self'");
    expect(response.body).toContain("data.type !== 'coderoom:render'");
  });
});
