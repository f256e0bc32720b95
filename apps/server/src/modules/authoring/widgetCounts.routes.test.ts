import { gzipSync } from 'node:zlib';
import {
  type CreatePageResponse,
  type CreateShotResponse,
  CSRF_COOKIE,
  CSRF_HEADER,
  type Widget,
} from '@coderoom/contracts';
import { CODE_WIDGET_COUNTS, WidgetCountMessages } from '@coderoom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../db/schema.js';
import { buildTestApp, signUp, type TestApp, type TestClient } from '../../test/harness.js';

// Spec 000 §3: "Code widget per-type counts: WebpackBin 5, VNC 5, Android 5, Code 8, Terminal 1". A page
// over a count is refused on every path that writes a page body, and nothing of it is stored.

let t: TestApp;
let author: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  author = (await signUp(t.app, { full_name: 'Cora Counter' })).client;
});
afterAll(async () => {
  await t.close();
});

const code = (compId: string): Widget => ({
  type: 'Code',
  comp_id: compId,
  content: { language: 'python3', code: 'print(1)' } as never,
});
const terminal = (compId: string): Widget => ({
  type: 'Terminal',
  comp_id: compId,
  content: { imageName: 'coderoom/python/3' },
});
const webpackBin = (compId: string): Widget => ({
  type: 'WebpackBin',
  comp_id: compId,
  content: { files: [{ name: 'index.html', content: '<p>hi</p>' }] } as never,
});
const vnc = (compId: string): Widget => ({ type: 'VNC', comp_id: compId, content: {} as never });
const android = (compId: string): Widget => ({ type: 'Android', comp_id: compId, content: {} as never });
const many = (make: (id: string) => Widget, count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => make(`${prefix}-${index}`));

async function newLesson() {
  const created = await author.post('/api/author/collection?work_type=course', { title: 'Counted' });
  expect(created.statusCode).toBe(201);
  const { author_id, collection_id } = created.json() as { author_id: number; collection_id: number };
  const ids = { author_id, collection_id };
  const page = await author.post('/api/author/page', ids);
  expect(page.statusCode).toBe(201);
  const { page: created_page } = page.json() as CreatePageResponse;
  return { ids, page: created_page };
}

function save(url: string, etag: string, body: unknown) {
  return author.request('PUT', url, body, { headers: { 'if-match': etag } });
}

async function storedComponents(pageId: number) {
  const [row] = await t.database.db.select().from(pages).where(eq(pages.id, pageId));
  return row?.components as Widget[];
}

describe('per-type widget counts on studio saves', () => {
  it('saves a page at every count and refuses one widget more of each type with the message', async () => {
    const { ids, page } = await newLesson();
    const url = `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/${page.page_id}`;
    const atLimit = [
      ...many(code, CODE_WIDGET_COUNTS.Code, 'code'),
      ...many(webpackBin, CODE_WIDGET_COUNTS.WebpackBin, 'bin'),
      ...many(vnc, CODE_WIDGET_COUNTS.VNC, 'vnc'),
      ...many(android, CODE_WIDGET_COUNTS.Android, 'android'),
      terminal('term'),
    ];
    const saved = await save(url, page.etag, { components: atLimit });
    expect(saved.statusCode).toBe(200);
    const etag = saved.json().page.etag as string;

    const cases: Array<[keyof typeof CODE_WIDGET_COUNTS, Widget]> = [
      ['Code', code('code-extra')],
      ['WebpackBin', webpackBin('bin-extra')],
      ['VNC', vnc('vnc-extra')],
      ['Android', android('android-extra')],
      ['Terminal', terminal('term-extra')],
    ];
    for (const [type, extra] of cases) {
      const limit = CODE_WIDGET_COUNTS[type];
      const refused = await save(url, etag, { components: [...atLimit, extra] });
      expect(refused.statusCode, type).toBe(400);
      const message = WidgetCountMessages.TooMany(type, limit, limit + 1);
      expect(refused.json(), type).toEqual({ errorText: message, errors: { components: message } });
    }
    expect(WidgetCountMessages.TooMany('Terminal', 1, 2)).toBe(
      'A page can hold at most 1 Terminal widget; this one has 2. Remove 1 to save.',
    );
    // The refused saves changed nothing.
    expect(await storedComponents(page.page_id)).toHaveLength(atLimit.length);
  });

  it('counts widgets inside columns', async () => {
    const { ids, page } = await newLesson();
    const url = `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/${page.page_id}`;
    const refused = await save(url, page.etag, {
      components: [
        terminal('outside'),
        {
          type: 'Columns',
          comp_id: 'cols',
          content: {
            comps: [terminal('inside'), { type: 'MarkdownEditor', comp_id: 'm', content: { text: 'x' } }],
          },
        },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorText).toBe(WidgetCountMessages.TooMany('Terminal', 1, 2));
    expect(await storedComponents(page.page_id)).toEqual([]);
  });

  it('refuses a compressed save over a count the same way', async () => {
    const { page } = await newLesson();
    const body = gzipSync(JSON.stringify({ components: many(code, 9, 'c') }), { level: 9 });
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/author/page/${page.page_id}`,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'if-match': page.etag,
        cookie: [...author.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        [CSRF_HEADER]: author.cookies.get(CSRF_COOKIE) ?? '',
      },
      remoteAddress: author.ip,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorText).toBe(WidgetCountMessages.TooMany('Code', 8, 9));
    expect(await storedComponents(page.page_id)).toEqual([]);
  });
});

describe('per-type widget counts on answers', () => {
  it('refuses an answer with two terminals', async () => {
    const created = await author.post('/api/edpresso/shot/id', {});
    expect(created.statusCode).toBe(201);
    const { shotId, etag } = created.json() as CreateShotResponse;
    const refused = await author.request(
      'PUT',
      `/api/edpresso/shot/${shotId}`,
      {
        title: 'Two shells',
        url: `two-shells-${process.pid}`,
        components: [terminal('a'), terminal('b')],
      },
      { headers: { etag } },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ components: WidgetCountMessages.TooMany('Terminal', 1, 2) });
  });
});
