import type { CreatePageResponse } from '@coderoom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp, type TestClient } from '../../test/harness.js';

// Issue 13: a slide drawing (CanvasAnimation) covered the whole app with position:fixed and a huge
// z-index and took its clicks. A save keeps only the drawing, never its escape (docs/security.md).

let t: TestApp;
let author: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  author = (await signUp(t.app, { full_name: 'Sally Slides' })).client;
});
afterAll(async () => {
  await t.close();
});

const HOSTILE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)" class="dialog-overlay" ' +
  'style="position:fixed;inset:0;z-index:2147483647;width:100vw;height:100vh" transform="scale(100)">' +
  '<script>alert(2)</script><foreignObject width="100" height="100"><div style="position:fixed">x</div></foreignObject>' +
  '<a href="javascript:alert(3)"><rect width="10" height="10" fill="#c7d2fe" style="position:fixed;top:0;stroke:#4f46e5" /></a></svg>';

describe('slide drawings', () => {
  it('are saved without scripts, handlers, classes or layout CSS, in a column too', async () => {
    const created = await author.post('/api/author/collection?work_type=course', { title: 'Slides' });
    expect(created.statusCode).toBe(201);
    const { author_id, collection_id } = created.json();
    const newPage = await author.post('/api/author/page', { author_id, collection_id });
    const { page } = newPage.json() as CreatePageResponse;
    const url = `/api/author/${author_id}/collection/${collection_id}/page/${page.page_id}`;
    const slides = (compId: string) => ({
      type: 'CanvasAnimation',
      comp_id: compId,
      content: { frames: [{ caption: 'Boxes', svg: HOSTILE }] },
    });
    const saved = await author.request(
      'PUT',
      url,
      {
        components: [
          slides('top'),
          { type: 'Columns', comp_id: 'cols', content: { comps: [slides('left'), slides('right')] } },
        ],
      },
      { headers: { 'if-match': page.etag } },
    );
    expect(saved.statusCode).toBe(200);

    const stored = (await author.get(url)).json().page.components;
    const drawings = [
      stored[0].content.frames[0].svg,
      stored[1].content.comps[0].content.frames[0].svg,
      stored[1].content.comps[1].content.frames[0].svg,
    ];
    for (const svg of drawings) {
      expect(svg).toBe(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' +
          '<rect width="10" height="10" fill="#c7d2fe" style="stroke:#4f46e5" /></svg>',
      );
    }
  });
});
