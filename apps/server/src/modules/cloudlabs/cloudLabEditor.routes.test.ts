import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openTestDatabase, signUp, type TestClient } from '../../test/harness.js';
import { AuthoringErrors } from '../authoring/authoring.errors.js';
import { CloudLabErrors } from './cloudlabs.errors.js';

// The cloud lab editor for the people on a lab's collaborator list: editors change it, viewers and
// reviewers read it (can_edit false) and are refused every write with the studio's 403.

let app: FastifyInstance;
let drop: () => Promise<void>;
let author: TestClient;
let viewer: TestClient;
let viewerEmail: string;
let editor: TestClient;
let editorEmail: string;
let learner: TestClient;

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: opened.database,
    mailer: { mode: 'dev', send: async () => undefined } as never,
    logger: false,
  });
  await app.ready();
  author = (await signUp(app, { full_name: 'Lab Author' })).client;
  ({ client: viewer, email: viewerEmail } = await signUp(app, { full_name: 'Vera Viewer' }));
  ({ client: editor, email: editorEmail } = await signUp(app, { full_name: 'Eddie Editor' }));
  learner = (await signUp(app)).client;
});
afterAll(async () => {
  await app.close();
  await drop();
});

/** A lab collection made on /teach, with viewer and editor collaborators; `withLab` creates its lab. */
async function labCollection(withLab: boolean) {
  const created = await author.post('/api/author/collection?work_type=standalone_cloud_lab', {
    title: 'Shared lab',
  });
  expect(created.statusCode).toBe(201);
  const { author_id: authorId, collection_id: collectionId } = created.json();
  const collection = `/api/author/${authorId}/collection/${collectionId}`;
  for (const [email, access] of [
    [viewerEmail, 'viewer'],
    [editorEmail, 'editor'],
  ]) {
    const added = await author.post(`${collection}/collaborators`, { email, role: 'collaborator', access });
    expect(added.statusCode).toBe(201);
  }
  const ensureUrl = `${collection}/cloudlab`;
  const labId = withLab ? ((await author.post(ensureUrl)).json().lab_id as number) : 0;
  return { ensureUrl, base: `${ensureUrl}/${labId}` };
}

const lab = {
  title: 'Renamed lab',
  summary: 'New summary',
  content: '# Overview',
  env_type: 'CloudShell',
  image: 'coderoom/python/3',
  files: [],
};
const task = { title: 'First', instructions: 'Do it.', check: 'test -f done', solution: null };
const ifMatch = (etag: string) => ({ headers: { 'if-match': `"${etag}"` } });

describe('the cloud lab editor for collaborators', () => {
  it('shows viewers the lab read-only and refuses their writes with 403', async () => {
    const { ensureUrl, base } = await labCollection(true);
    const added = await author.request(
      'POST',
      `${base}/tasks`,
      task,
      ifMatch((await author.get(base)).json().etag),
    );
    expect(added.statusCode).toBe(200);
    expect(added.json().can_edit).toBe(true);

    const read = await viewer.get(base);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ title: 'Shared lab', can_edit: false });
    expect(read.json().tasks.map((entry: { check: string }) => entry.check)).toEqual(['test -f done']);
    const { etag } = read.json();
    const taskId = read.json().tasks[0].task_id;

    for (const [method, url, body] of [
      ['PUT', base, lab],
      ['POST', `${base}/tasks`, task],
      ['PUT', `${base}/tasks/${taskId}`, { ...task, title: 'Changed' }],
    ] as const) {
      const refused = await viewer.request(method, url, body, ifMatch(etag));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorText).toBe(AuthoringErrors.NotAnEditor);
    }
    // Nothing a refused write sent was stored, and the eTag did not move.
    const after = (await author.get(base)).json();
    expect(after).toMatchObject({ title: 'Shared lab', etag });
    expect(after.tasks).toHaveLength(1);
    // Opening the editor answers the existing lab.
    const ensured = await viewer.post(ensureUrl);
    expect(ensured.statusCode).toBe(200);
    expect(ensured.json()).toEqual({ lab_id: after.lab_id, created: false });
  });

  it('lets editor collaborators save, and refuses a viewer the creation of the lab', async () => {
    const { ensureUrl } = await labCollection(false);
    const refused = await viewer.post(ensureUrl);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorText).toBe(AuthoringErrors.NotAnEditor);

    const created = await editor.post(ensureUrl);
    expect(created.statusCode).toBe(201);
    const base = `${ensureUrl}/${created.json().lab_id}`;
    const read = await editor.get(base);
    expect(read.json().can_edit).toBe(true);
    const saved = await editor.request('PUT', base, lab, ifMatch(read.json().etag));
    expect(saved.statusCode).toBe(200);
    expect((await viewer.get(base)).json()).toMatchObject({ title: 'Renamed lab', can_edit: false });
  });

  it('still answers 404 to people who are not on the list', async () => {
    const { ensureUrl, base } = await labCollection(true);
    for (const response of [await learner.get(base), await learner.post(ensureUrl)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().errorText).toBe(CloudLabErrors.NotFound);
    }
    const write = await learner.request('PUT', base, lab, ifMatch('any'));
    expect(write.statusCode).toBe(404);
  });
});
