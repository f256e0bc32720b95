import type { AuthorPageResponse, CreatePageResponse, Widget } from '@coderoom/contracts';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error ws ships no types and @types/ws is not installed; only its constructor and events are used.
import WebSocket from 'ws';
import * as Y from 'yjs';
import { buildApp } from '../../app.js';
import { pages } from '../../db/schema.js';
import type { Database } from '../../platform/db/database.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { openTestDatabase, signUp, TestClient } from '../../test/harness.js';
import { MARKDOWN_MAP } from './collab.document.js';
import { COLLAB_PATH } from './collab.routes.js';

// Two real Hocuspocus clients against the real app listening on a port, on PGlite (or PostgreSQL in
// CI). "Reloading" closes the app and builds a new one on the same database.

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let baseUrl: string;
/** The clients' cookies are bound to the app they logged in to (inject), but sessions are rows. */
let author: TestClient;
let editor: TestClient;
let viewer: TestClient;
let learner: TestClient;
let authorId: number;
const openProviders: { destroy(): void }[] = [];

async function startApp(): Promise<void> {
  app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: database.db }),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  baseUrl = `127.0.0.1:${address.port}`;
}

function cookieOf(client: TestClient | null): string {
  return client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
}

/** The part of a ws client these tests use. */
interface NodeSocket {
  on(event: string, listener: (...args: never[]) => void): void;
  close(): void;
}
type NodeSocketClass = new (url: string, protocols?: string | string[]) => NodeSocket;
/** ws takes a third argument, its options; the browser's WebSocket does not. */
type WsClass = new (
  url: string,
  protocols?: string | string[],
  options?: { headers: Record<string, string> },
) => NodeSocket;

/** ws with the browser's headers: the session cookie and our Origin. */
function socketClass(client: TestClient | null, origin = `http://${baseUrl}`): NodeSocketClass {
  const headers: Record<string, string> = { origin };
  const cookie = cookieOf(client);
  if (cookie) headers.cookie = cookie;
  const Socket: WsClass = WebSocket;
  return class extends Socket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

interface Joined {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  text: (compId: string) => Y.Text;
  /** Refusals the server sent after the first sync (rights taken away while connected). */
  refusals: string[];
}

/** Connects and waits for the first sync, or rejects with the server's refusal reason. */
function join(client: TestClient, name: string): Promise<Joined> {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `ws://${baseUrl}${COLLAB_PATH}`,
    WebSocketPolyfill: socketClass(client),
  });
  openProviders.push(socket);
  const refusals: string[] = [];
  return new Promise((resolve, reject) => {
    const provider: HocuspocusProvider = new HocuspocusProvider({
      websocketProvider: socket,
      name,
      document: doc,
      onAuthenticationFailed: ({ reason }) => {
        refusals.push(reason);
        reject(new Error(reason));
      },
      onSynced: (): void =>
        resolve({
          provider,
          doc,
          refusals,
          text: (compId) => {
            const text = doc.getMap<Y.Text>(MARKDOWN_MAP).get(compId);
            if (!text) throw new Error(`no text for ${compId}`);
            return text;
          },
        }),
    });
    provider.attach();
    openProviders.push(provider);
  });
}

async function leave(joined: Joined): Promise<void> {
  joined.provider.destroy();
  joined.provider.configuration.websocketProvider.destroy();
}

/** Until `check` holds, polling (sync and stores are asynchronous by nature). */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The upgrade's HTTP answer when the server refuses it before any WebSocket exists. */
function upgradeStatus(client: TestClient | null, origin?: string): Promise<number> {
  const Socket = socketClass(client, origin);
  return new Promise((resolve) => {
    const socket = new Socket(`ws://${baseUrl}${COLLAB_PATH}`);
    // Once a refusal is read, ws reports the aborted handshake as an error; that is the expected end.
    socket.on('error', () => {});
    socket.on('unexpected-response', (request: { destroy(): void }, response: { statusCode?: number }) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
  });
}

const markdown = (compId: string, text: string): Widget => ({
  type: 'MarkdownEditor',
  comp_id: compId,
  content: { text },
});

/** A course (collaborative or not) with one lesson holding one Markdown widget `md1`. */
async function lesson(enableCollaborativeEditor: boolean) {
  const created = await author.post('/api/author/collection?work_type=course', {
    title: 'Live course',
    enableCollaborativeEditor,
  });
  expect(created.statusCode).toBe(201);
  const { author_id, collection_id } = created.json() as { author_id: number; collection_id: number };
  const ids = { author_id, collection_id };
  const page = (await author.post('/api/author/page', ids)).json() as CreatePageResponse;
  const url = `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/${page.page.page_id}`;
  const saved = await author.request(
    'PUT',
    url,
    { components: [markdown('md1', 'Start.'), markdown('md2', 'Other widget.')] },
    { headers: { 'if-match': page.page.etag } },
  );
  expect(saved.statusCode).toBe(200);
  return {
    ids,
    url,
    name: `page:${ids.author_id}:${ids.collection_id}:${page.page.page_id}`,
  };
}

async function draftOf(url: string) {
  const response = await author.get(url);
  expect(response.statusCode).toBe(200);
  return (response.json() as AuthorPageResponse).page;
}

function markdownText(components: Widget[], compId: string): string | undefined {
  const widget = components.find((entry) => entry.comp_id === compId);
  return widget?.type === 'MarkdownEditor' ? widget.content.text : undefined;
}

async function addCollaborator(
  ids: { author_id: number; collection_id: number },
  email: string,
  access: string,
) {
  const response = await author.post(
    `/api/author/${ids.author_id}/collection/${ids.collection_id}/collaborators`,
    { email, role: 'collaborator', access },
  );
  expect(response.statusCode).toBe(201);
}

let editorEmail: string;
let editorId: number;
let viewerEmail: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await startApp();
  const signedUp = await signUp(app, { full_name: 'Ada Author' });
  author = signedUp.client;
  authorId = signedUp.user.user_id;
  const editorSignUp = await signUp(app, { full_name: 'Eddie Editor' });
  editor = editorSignUp.client;
  editorEmail = editorSignUp.email;
  editorId = editorSignUp.user.user_id;
  const viewerSignUp = await signUp(app, { full_name: 'Vera Viewer' });
  viewer = viewerSignUp.client;
  viewerEmail = viewerSignUp.email;
  learner = (await signUp(app)).client;
});

afterAll(async () => {
  for (const provider of openProviders) provider.destroy();
  await app.close();
  await drop();
});

/** After a restart the clients talk to the new app; their session rows are in the same database. */
function rebind(client: TestClient): TestClient {
  const fresh = new TestClient(app, client.ip);
  for (const [name, value] of client.cookies) fresh.cookies.set(name, value);
  return fresh;
}

describe('collaborative editing', () => {
  it('merges two authors typing into the same widget at once, and keeps both edits after a restart', async () => {
    const { ids, url, name } = await lesson(true);
    await addCollaborator(ids, editorEmail, 'editor');
    const first = await join(author, name);
    const second = await join(editor, name);
    expect(first.text('md1').toString()).toBe('Start.');

    // Concurrent edits: both apply locally before either has seen the other's.
    first.text('md1').insert(0, 'Ada was here. ');
    second.text('md1').insert('Start.'.length, ' Eddie too.');
    second.text('md2').insert(0, 'Second widget: ');

    const expected = 'Ada was here. Start. Eddie too.';
    await eventually(
      () => first.text('md1').toString() === expected && second.text('md1').toString() === expected,
    );
    // The draft follows (debounced store), rendered like any save, with a new eTag.
    await eventually(async () => markdownText((await draftOf(url)).components, 'md1') === expected);
    const draft = await draftOf(url);
    expect(markdownText(draft.components, 'md2')).toBe('Second widget: Other widget.');
    const rendered = draft.components.find((widget) => widget.comp_id === 'md1');
    expect(rendered?.type === 'MarkdownEditor' && rendered.content.mdHtml).toContain('Eddie too.');

    // A save based on the eTag from before the co-editing is stale: the Conflicts path.
    const stale = await author.request(
      'PUT',
      url,
      { components: [markdown('md1', 'old')] },
      {
        headers: { 'if-match': 'stale-etag' },
      },
    );
    expect(stale.statusCode).toBe(409);

    // The last keystrokes before a restart, with both still connected, are stored when the app
    // closes (inside the debounce window), not lost.
    first.text('md1').insert(first.text('md1').length, ' Last words.');
    await eventually(() => second.text('md1').toString().endsWith('Last words.'));
    await app.close();
    const [stored] = await database.db
      .select({ components: pages.components })
      .from(pages)
      .where(eq(pages.id, Number(url.split('/').pop())));
    expect(markdownText((stored?.components ?? []) as Widget[], 'md1')).toMatch(/Last words\.$/);
    await leave(first);
    await leave(second);
    await startApp();
    author = rebind(author);
    editor = rebind(editor);

    const afterRestart = 'Ada was here. Start. Eddie too. Last words.';
    expect(markdownText((await draftOf(url)).components, 'md1')).toBe(afterRestart);
    const again = await join(editor, name);
    expect(again.text('md1').toString()).toBe(afterRestart);
    expect(again.text('md2').toString()).toBe('Second widget: Other widget.');
    await leave(again);

    // Co-editing left a snapshot, so history and restore see it.
    const snapshots = await author.get(
      `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/snapshot?key=${url.split('/').pop()}&document_type=page`,
    );
    expect(snapshots.statusCode).toBe(200);
    expect((snapshots.json() as { snapshots: unknown[] }).snapshots.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a structure save from an editor and puts the live text back over its copy', async () => {
    const { url, name } = await lesson(true);
    const live = await join(author, name);
    live.text('md1').insert(0, 'Typed live. ');
    await eventually(
      async () => markdownText((await draftOf(url)).components, 'md1') === 'Typed live. Start.',
    );
    // The editor's structure save adds a widget but carries a copy of md1 that trails the document.
    const page = await draftOf(url);
    const saved = await author.request(
      'PUT',
      url,
      {
        components: [markdown('md1', 'Start.'), markdown('md2', 'Other widget.'), markdown('md3', 'Added.')],
        from_live_session: true,
      },
      { headers: { 'if-match': page.etag } },
    );
    expect(saved.statusCode).toBe(200);
    // What the web editor does after every structure save.
    live.doc.getMap('meta').set('structure_etag', (saved.json() as AuthorPageResponse).page.etag);
    await eventually(
      async () => markdownText((await draftOf(url)).components, 'md1') === 'Typed live. Start.',
    );
    const draft = await draftOf(url);
    expect(draft.components.map((widget) => widget.comp_id)).toEqual(['md1', 'md2', 'md3']);
    // The widget added by a client that did not create its text joins the document too.
    await eventually(() => live.doc.getMap<Y.Text>(MARKDOWN_MAP).get('md3')?.toString() === 'Added.');
    await leave(live);
  });

  it('lets a save made outside the session win over the document when it loads again', async () => {
    const { url, name } = await lesson(true);
    const first = await join(author, name);
    first.text('md1').insert(0, 'Live. ');
    await eventually(async () => markdownText((await draftOf(url)).components, 'md1') === 'Live. Start.');
    await leave(first);
    const page = await draftOf(url);
    const saved = await author.request(
      'PUT',
      url,
      { components: [markdown('md1', 'Restored text.')] },
      {
        headers: { 'if-match': page.etag },
      },
    );
    expect(saved.statusCode).toBe(200);
    // Once the server has unloaded the document (asynchronous, later under load), a new session holds the
    // saved text.
    await eventually(async () => {
      const second = await join(author, name);
      const text = second.text('md1').toString();
      await leave(second);
      return text === 'Restored text.';
    }, 10000);
  });

  it('puts a restore made during a live session into the live document, and keeps it there', async () => {
    const { ids, url, name } = await lesson(true);
    await addCollaborator(ids, editorEmail, 'editor');
    const first = await join(author, name);
    const second = await join(editor, name);
    first.text('md1').insert(0, 'Live. ');
    second.text('md2').insert(0, 'Typed live. ');
    await eventually(async () => markdownText((await draftOf(url)).components, 'md1') === 'Live. Start.');
    await eventually(
      async () => markdownText((await draftOf(url)).components, 'md2') === 'Typed live. Other widget.',
    );
    const pageId = url.split('/').pop();
    const listed = await author.get(
      `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/snapshot?key=${pageId}&document_type=page`,
    );
    const snapshots = (listed.json() as { snapshots: { snapshot_id: number }[] }).snapshots;
    // The lesson's first save: md1 'Start.' and md2 'Other widget.'.
    const firstSave = snapshots[snapshots.length - 1];
    const restored = await author.request(
      'POST',
      `${url}/restore`,
      { snapshot_id: firstSave?.snapshot_id },
      { headers: { 'if-match': (await draftOf(url)).etag } },
    );
    expect(restored.statusCode).toBe(200);
    const restoredEtag = (restored.json() as AuthorPageResponse).page.etag;

    // Both editors see the restored text at once, and are told to reload the widget list.
    await eventually(
      () => first.text('md1').toString() === 'Start.' && second.text('md1').toString() === 'Start.',
    );
    expect(second.doc.getMap('meta').get('structure_etag')).toBe(restoredEtag);
    // md2 was restored too ('Typed live. Other widget.' → 'Other widget.').
    expect(second.text('md2').toString()).toBe('Other widget.');
    // Well past the store's debounce, the live document has not written the old text back.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(markdownText((await draftOf(url)).components, 'md1')).toBe('Start.');
    expect(markdownText((await draftOf(url)).components, 'md2')).toBe('Other widget.');
    // Typing goes on from the restored text.
    second.text('md1').insert(0, 'Again. ');
    await eventually(async () => markdownText((await draftOf(url)).components, 'md1') === 'Again. Start.');
    await leave(first);
    await leave(second);
  });

  it('takes only the fields an outside save changed, and leaves live saves to the document', async () => {
    const { url, name } = await lesson(true);
    const live = await join(author, name);
    const base = await draftOf(url);
    live.text('md2').insert(0, 'Typed live. ');
    // A save through the API, based on the draft before the live typing reached it, changing md1 only.
    const outside = await author.request(
      'PUT',
      url,
      { components: [markdown('md1', 'From the API.'), markdown('md2', 'Other widget.')] },
      { headers: { 'if-match': base.etag } },
    );
    // The live typing may have been stored first (409); then the same save on the fresh eTag.
    const saved =
      outside.statusCode === 409
        ? await author.request(
            'PUT',
            url,
            {
              components: [
                markdown('md1', 'From the API.'),
                markdown('md2', markdownText((await draftOf(url)).components, 'md2') ?? ''),
              ],
            },
            { headers: { 'if-match': (await draftOf(url)).etag } },
          )
        : outside;
    expect(saved.statusCode).toBe(200);
    await eventually(() => live.text('md1').toString() === 'From the API.');
    expect(live.text('md2').toString()).toBe('Typed live. Other widget.');
    await eventually(
      async () => markdownText((await draftOf(url)).components, 'md2') === 'Typed live. Other widget.',
    );
    expect(markdownText((await draftOf(url)).components, 'md1')).toBe('From the API.');

    // A save from an editor of the live document carries its copy of the texts: the live text stays.
    const copy = await author.request(
      'PUT',
      url,
      {
        components: [markdown('md1', 'A trailing copy.'), markdown('md2', 'Other widget.')],
        from_live_session: true,
      },
      { headers: { 'if-match': (await draftOf(url)).etag } },
    );
    expect(copy.statusCode).toBe(200);
    live.doc.getMap('meta').set('structure_etag', (copy.json() as AuthorPageResponse).page.etag);
    await eventually(async () => markdownText((await draftOf(url)).components, 'md1') === 'From the API.');
    expect(live.text('md1').toString()).toBe('From the API.');
    await leave(live);
  });

  it('follows rights changes in open connections at once', async () => {
    const { ids, url, name } = await lesson(true);
    await addCollaborator(ids, editorEmail, 'editor');
    const writer = await join(author, name);
    const colleague = await join(editor, name);
    colleague.text('md1').insert(0, 'Editor. ');
    await eventually(() => writer.text('md1').toString() === 'Editor. Start.');
    const member = `/api/author/${ids.author_id}/collection/${ids.collection_id}/collaborators/${editorId}`;

    // Lowered to viewer: the connection turns read-only, and the client is told so.
    expect((await author.request('PUT', member, { access: 'viewer' })).statusCode).toBe(200);
    await eventually(() => colleague.provider.authorizedScope === 'readonly');
    colleague.text('md1').insert(0, 'Dropped. ');
    writer.text('md2').insert(0, 'Author. ');
    await eventually(() => colleague.text('md2').toString() === 'Author. Other widget.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(writer.text('md1').toString()).toBe('Editor. Start.');

    // Raised to editor again: writes go through.
    expect((await author.request('PUT', member, { access: 'editor' })).statusCode).toBe(200);
    await eventually(() => colleague.provider.authorizedScope === 'read-write');
    const fresh = await join(editor, name);
    fresh.text('md2').insert(0, 'Back. ');
    await eventually(() => writer.text('md2').toString() === 'Back. Author. Other widget.');
    await leave(fresh);

    // Removed: refused with the same answer as a stranger, and nothing more is accepted.
    expect((await author.request('DELETE', member)).statusCode).toBe(200);
    await eventually(() => colleague.refusals.includes('There is no such document.'));
    colleague.text('md2').insert(0, 'Gone. ');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(writer.text('md2').toString()).toBe('Back. Author. Other widget.');
    await expect(join(editor, name)).rejects.toThrow('There is no such document.');
    await eventually(
      async () => markdownText((await draftOf(url)).components, 'md2') === 'Back. Author. Other widget.',
    );

    // Collaborative editing turned off: even the author's connection is refused.
    const collectionUrl = `/api/author/${ids.author_id}/collection/${ids.collection_id}`;
    const collection = await author.get(collectionUrl);
    const turnedOff = await author.request(
      'PUT',
      collectionUrl,
      { enable_collaborative_editor: false },
      { headers: { 'if-match': (collection.json() as { etag: string }).etag } },
    );
    expect(turnedOff.statusCode).toBe(200);
    expect(
      (turnedOff.json() as { collection: { enable_collaborative_editor: boolean } }).collection
        .enable_collaborative_editor,
    ).toBe(false);
    await eventually(() => writer.refusals.includes('Collaborative editing is not enabled for this course.'));
    await leave(writer);
    await leave(colleague);
  });

  it('refuses an upgrade without a session or from another origin', async () => {
    expect(await upgradeStatus(null)).toBe(401);
    expect(await upgradeStatus(author, 'https://evil.example')).toBe(403);
    expect(await upgradeStatus(author)).toBe(101);
  });

  it('refuses people without rights, non-collaborative courses and unknown documents', async () => {
    const collaborative = await lesson(true);
    await expect(join(learner, collaborative.name)).rejects.toThrow('There is no such document.');
    const plain = await lesson(false);
    await expect(join(author, plain.name)).rejects.toThrow(
      'Collaborative editing is not enabled for this course.',
    );
    await expect(join(author, `page:${authorId}:${collaborative.ids.collection_id}:999999`)).rejects.toThrow(
      'There is no such document.',
    );
    await expect(join(author, 'anything')).rejects.toThrow('There is no such document.');
  });

  it('lets viewer collaborators watch but drops their changes', async () => {
    const { ids, url, name } = await lesson(true);
    await addCollaborator(ids, viewerEmail, 'viewer');
    const watcher = await join(viewer, name);
    const writer = await join(author, name);
    watcher.text('md1').insert(0, 'Viewer edit. ');
    writer.text('md1').insert(0, 'Author edit. ');
    await eventually(() => watcher.text('md1').toString().includes('Author edit.'));
    await eventually(async () => markdownText((await draftOf(url)).components, 'md1') !== 'Start.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(writer.text('md1').toString()).toBe('Author edit. Start.');
    expect(markdownText((await draftOf(url)).components, 'md1')).toBe('Author edit. Start.');
    await leave(watcher);
    await leave(writer);
  });
});
