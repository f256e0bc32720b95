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
import { openTestDatabase, signUp, TestClient, waitFor } from '../../test/harness.js';

// Collaborative editing across two processes (issue 15): two apps on one database, each with its own
// Hocuspocus, share documents through Redis. An editor on one process and an editor on the other type into
// the same lesson and converge, and the lesson is stored once with both edits. Needs a Redis server
// (TEST_REDIS_URL, default the local one); without one the suite is reported as skipped, with the reason.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
let secondDatabase: Database;
let drop: () => Promise<void>;
const apps: FastifyInstance[] = [];
const hosts: string[] = [];
const open: LiveDocument[] = [];

async function startProcess(db: Database, collabRedis: CollabRedisConfig): Promise<void> {
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
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  apps.push(app);
  hosts.push(`127.0.0.1:${address.port}`);
}

/** The same browser on another process: sessions are rows, so the cookie works there too. */
function sameBrowserOn(app: FastifyInstance, client: TestClient): TestClient {
  const moved = new TestClient(app, client.ip);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

const markdown = (compId: string, text: string): Widget => ({
  type: 'MarkdownEditor',
  comp_id: compId,
  content: { text },
});

describe.skipIf(!hasRedis)('collaborative editing across two processes over Redis', () => {
  beforeAll(async () => {
    let url: string | undefined;
    ({ database, drop, url } = await openTestDatabase());
    secondDatabase = url ? openPostgres(url, 3) : database;
    // A prefix of its own: another run on the same Redis never hears this one's documents.
    const collabRedis = { url: REDIS_URL, prefix: `test-${randomUUID()}:collab` };
    await startProcess(database, collabRedis);
    await startProcess(secondDatabase, collabRedis);
  });

  afterAll(async () => {
    for (const document of open) document.close();
    for (const app of apps) await app.close();
    if (secondDatabase && secondDatabase !== database) await secondDatabase.close();
    await drop?.();
  });

  it('merges an author on one process and an editor on the other, and stores the lesson once', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const { client: author } = await signUp(first, { full_name: 'Ada Across' });
    const { client: editor, email: editorEmail } = await signUp(first, { full_name: 'Eddie Elsewhere' });

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
    const onFirst = await openLiveDocument(hosts[0] as string, author, name);
    open.push(onFirst);
    const onSecond = await openLiveDocument(hosts[1] as string, sameBrowserOn(second, editor), name);
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

  it('keeps the first edits when both processes open a lesson for the first time at the same moment', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const { client: author } = await signUp(first, { full_name: 'Ada Atonce' });
    const { client: editor, email: editorEmail } = await signUp(first, { full_name: 'Eve Atonce' });
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
        openLiveDocument(hosts[0] as string, author, name),
        openLiveDocument(hosts[1] as string, sameBrowserOn(second, editor), name),
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
