import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { CreatePageResponse, Widget } from '@coderoom/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { CollabRedisConfig } from '../../platform/config.js';
import { type Database, openPostgres } from '../../platform/db/database.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { type LiveDocument, openLiveDocument } from '../../test/collabClient.js';
import { openTestDatabase, signUp, waitFor } from '../../test/harness.js';
import { COLLAB_PATH } from './collab.routes.js';

// Collaborative editing across processes (issue 15), in the split topology of docs/deploy.md: an api
// process with COLLAB=off answers the REST calls, and two collab processes (ROLE=collab: the socket and
// nothing else), each with its own Hocuspocus and its own pool, share documents through Redis. An editor
// on one collab process and an editor on the other type into the same lesson and converge, and the lesson
// is stored once with both edits. Needs a Redis server (TEST_REDIS_URL or REDIS_URL, default the local
// one); without one the suite is reported as skipped, with the reason.

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.write('PING\r\n');
    });
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      resolve(false);
      socket.destroy();
    });
  });
}

const hasRedis = await redisAnswers(REDIS_URL);
if (!hasRedis) console.warn(`collab over Redis: skipped, no Redis answers at ${REDIS_URL}`);

let database: Database;
const pools: Database[] = [];
let drop: () => Promise<void>;
/** The api process (COLLAB=off), then the two collab processes. */
const apps: FastifyInstance[] = [];
const hosts: string[] = [];
const open: LiveDocument[] = [];

async function startProcess(
  db: Database,
  collabRedis: CollabRedisConfig,
  collab: 'none' | 'only',
): Promise<void> {
  const app = await buildApp({
    config: {
      publicUrl: 'http://localhost:3000',
      webDistDir: null,
      trustProxy: false,
      logLevel: 'silent',
      collabRedis,
    },
    database: db,
    mailer: createMailer({ smtpUrl: null, from: 'test@coderoom.dev', db: db.db }),
    logger: false,
    runJobs: false,
    collab,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  apps.push(app);
  hosts.push(`127.0.0.1:${address.port}`);
}

const markdown = (compId: string, text: string): Widget => ({
  type: 'MarkdownEditor',
  comp_id: compId,
  content: { text },
});

describe.skipIf(!hasRedis)('collaborative editing across two collab processes over Redis', () => {
  beforeAll(async () => {
    let url: string | undefined;
    ({ database, drop, url } = await openTestDatabase());
    // On PostgreSQL each process has its own pool, as separate processes would; PGlite is one engine.
    const poolOf = () => {
      if (!url) return database;
      const pool = openPostgres(url, 3);
      pools.push(pool);
      return pool;
    };
    // A prefix of its own: another run on the same Redis never hears this one's documents.
    const collabRedis = { url: REDIS_URL, prefix: `test-${randomUUID()}:collab` };
    await startProcess(database, collabRedis, 'none');
    await startProcess(poolOf(), collabRedis, 'only');
    await startProcess(poolOf(), collabRedis, 'only');
  });

  afterAll(async () => {
    for (const document of open) document.close();
    for (const app of apps) await app.close();
    for (const pool of pools) await pool.close();
    await drop?.();
  });

  it('answers the socket only on collab processes, and only the socket and health there', async () => {
    const [api, collab] = apps as [FastifyInstance, FastifyInstance];
    const { client } = await signUp(api, { full_name: 'Paula Proxy' });
    const cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    // The api process (COLLAB=off) has no such route: the proxy sends the path elsewhere.
    const onApi = await api.inject({ method: 'GET', url: COLLAB_PATH, headers: { cookie } });
    expect(onApi.statusCode).toBe(404);
    // The collab process answers its socket (a plain GET is no upgrade, so it is refused, not missing)…
    const onCollab = await collab.inject({ method: 'GET', url: COLLAB_PATH, headers: { cookie } });
    expect(onCollab.statusCode).not.toBe(404);
    expect((await collab.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // …and nothing else, though it shares the session: the same cookie reads nothing through it.
    const info = await collab.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } });
    expect(info.statusCode).toBe(404);
    expect((await api.inject({ method: 'GET', url: '/api/user/info', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it('merges an author on one process and an editor on the other, and stores the lesson once', async () => {
    const [api] = apps as [FastifyInstance];
    const { client: author } = await signUp(api, { full_name: 'Ada Across' });
    const { client: editor, email: editorEmail } = await signUp(api, { full_name: 'Eddie Elsewhere' });

    const created = await author.post('/api/author/collection?work_type=course', {
      title: 'Across processes',
      enableCollaborativeEditor: true,
    });
    expect(created.statusCode).toBe(201);
    const { author_id, collection_id } = created.json() as { author_id: number; collection_id: number };
    const ids = { author_id, collection_id };
    const page = (await author.post('/api/author/page', ids)).json() as CreatePageResponse;
    const url = `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/${page.page.page_id}`;
    const saved = await author.request(
      'PUT',
      url,
      { components: [markdown('md1', 'Start.')] },
      { headers: { 'if-match': page.page.etag } },
    );
    expect(saved.statusCode).toBe(200);
    const invited = await author.post(
      `/api/author/${ids.author_id}/collection/${ids.collection_id}/collaborators`,
      { email: editorEmail, role: 'collaborator', access: 'editor' },
    );
    expect(invited.statusCode).toBe(201);

    const name = `page:${ids.author_id}:${ids.collection_id}:${page.page.page_id}`;
    const onFirst = await openLiveDocument(hosts[1] as string, author, name);
    open.push(onFirst);
    const onSecond = await openLiveDocument(hosts[2] as string, editor, name);
    open.push(onSecond);
    expect(onSecond.text('md1').toString()).toBe('Start.');

    // Both type at once, each on their own process.
    onFirst.text('md1').insert(0, 'Author here. ');
    onSecond.text('md1').insert(onSecond.text('md1').length, ' Editor here.');

    const expected = 'Author here. Start. Editor here.';
    await waitFor(
      () => onFirst.text('md1').toString() === expected && onSecond.text('md1').toString() === expected,
      'both processes to hold both edits',
    );

    // The stored draft has both edits, whichever process stored it.
    await waitFor(async () => {
      const response = await author.get(url);
      const stored = (response.json() as { page: { components: Widget[] } }).page.components[0];
      return stored?.type === 'MarkdownEditor' && stored.content.text === expected;
    }, 'the lesson to be stored with both edits');
  });

  it("hears the api process's saves and rights changes on documents open on the collab processes", async () => {
    const [api] = apps as [FastifyInstance];
    const { client: author } = await signUp(api, { full_name: 'Ada Apart' });
    const {
      client: editor,
      email: editorEmail,
      user: { user_id: editorId },
    } = await signUp(api, { full_name: 'Eli Apart' });
    const created = await author.post('/api/author/collection?work_type=course', {
      title: 'Saved elsewhere',
      enableCollaborativeEditor: true,
    });
    const { author_id, collection_id } = created.json() as { author_id: number; collection_id: number };
    const ids = { author_id, collection_id };
    const page = (await author.post('/api/author/page', ids)).json() as CreatePageResponse;
    const url = `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/${page.page.page_id}`;
    const first = await author.request(
      'PUT',
      url,
      { components: [markdown('md1', 'Start.')] },
      { headers: { 'if-match': page.page.etag } },
    );
    expect(first.statusCode).toBe(200);
    const invited = await author.post(
      `/api/author/${ids.author_id}/collection/${ids.collection_id}/collaborators`,
      { email: editorEmail, role: 'collaborator', access: 'editor' },
    );
    expect(invited.statusCode).toBe(201);
    const name = `page:${ids.author_id}:${ids.collection_id}:${page.page.page_id}`;
    const onFirst = await openLiveDocument(hosts[1] as string, author, name);
    const onSecond = await openLiveDocument(hosts[2] as string, editor, name);
    open.push(onFirst, onSecond);

    // A save made through the api process (no live document there) goes into both live copies.
    const draft = (await author.get(url)).json() as { page: { etag: string } };
    const saved = await author.request(
      'PUT',
      url,
      { components: [markdown('md1', 'From the API.')] },
      { headers: { 'if-match': draft.page.etag } },
    );
    expect(saved.statusCode).toBe(200);
    await waitFor(
      () =>
        onFirst.text('md1').toString() === 'From the API.' &&
        onSecond.text('md1').toString() === 'From the API.',
      'the save to reach the documents open on both collab processes',
    );

    // The editor lowered to viewer through the api process: their connection turns read-only at once.
    const member = `/api/author/${ids.author_id}/collection/${ids.collection_id}/collaborators/${editorId}`;
    expect((await author.request('PUT', member, { access: 'viewer' })).statusCode).toBe(200);
    await waitFor(
      () => onSecond.provider.authorizedScope === 'readonly',
      "the editor's connection on the other collab process to turn read-only",
    );
    // The save was applied once, by one process: its text is not in the documents twice.
    expect(onFirst.text('md1').toString()).toBe('From the API.');
    expect(onSecond.text('md1').toString()).toBe('From the API.');
  });

  it('keeps the first edits when both processes open a lesson for the first time at the same moment', async () => {
    const [api] = apps as [FastifyInstance];
    const { client: author } = await signUp(api, { full_name: 'Ada Atonce' });
    const { client: editor, email: editorEmail } = await signUp(api, { full_name: 'Eve Atonce' });
    const created = await author.post('/api/author/collection?work_type=course', {
      title: 'Opened at once',
      enableCollaborativeEditor: true,
    });
    const { author_id, collection_id } = created.json() as { author_id: number; collection_id: number };
    const ids = { author_id, collection_id };
    const invited = await author.post(
      `/api/author/${ids.author_id}/collection/${ids.collection_id}/collaborators`,
      { email: editorEmail, role: 'collaborator', access: 'editor' },
    );
    expect(invited.statusCode).toBe(201);
    // Several lessons, each opened on both processes at once and never before: each process finds no
    // stored document and seeds one. Before the first stored seed won, the text typed into the losing
    // process's copy vanished when the two synced.
    for (let round = 0; round < 4; round += 1) {
      const page = (await author.post('/api/author/page', ids)).json() as CreatePageResponse;
      const url = `/api/author/${ids.author_id}/collection/${ids.collection_id}/page/${page.page.page_id}`;
      const saved = await author.request(
        'PUT',
        url,
        { components: [markdown('md1', 'Start.')] },
        { headers: { 'if-match': page.page.etag } },
      );
      expect(saved.statusCode).toBe(200);
      const name = `page:${ids.author_id}:${ids.collection_id}:${page.page.page_id}`;
      const [onFirst, onSecond] = await Promise.all([
        openLiveDocument(hosts[1] as string, author, name),
        openLiveDocument(hosts[2] as string, editor, name),
      ]);
      open.push(onFirst, onSecond);
      onFirst.text('md1').insert(0, 'A. ');
      onSecond.text('md1').insert(onSecond.text('md1').length, ' B.');
      const expected = 'A. Start. B.';
      await waitFor(
        () => onFirst.text('md1').toString() === expected && onSecond.text('md1').toString() === expected,
        `both first edits on both processes (round ${round})`,
      );
    }
  });
});
