import { ContainerMessages, ErrorMessages, WorkType } from '@coderoom/domain';
import type { ExecResult, InstanceHandle } from '@coderoom/runner';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { findUser, packageImportDeps } from '../../test/factories.js';
import { openTestDatabase, signUp, type TestClient, TestClock } from '../../test/harness.js';
import { FakeDriver } from '../containers/containers.fakeDriver.js';
import { CloudLabErrors } from './cloudlabs.errors.js';
import { importCloudLab } from './cloudlabs.package.js';
import { LabVariableEnv } from './cloudlabs.policy.js';

// Cloud lab routes (docs/cloudlabs.md) over the containers module's fake driver: overview, begin, the lab's
// instance with its variables, checks run in the learner's own instance, and what must never be answered.

/** The fake driver, plus a check that prints the lab's variables (they must come back masked). */
class LabDriver extends FakeDriver {
  override async exec(handle: InstanceHandle, command: string | string[]): Promise<ExecResult> {
    const result = await super.exec(handle, command);
    if (command !== 'print-env') return result;
    const env = this.running.get(handle.id)?.env ?? {};
    return { ...result, stdout: Object.values(env).join('\n') };
  }
}

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
const driver = new LabDriver();
let authorEmail: string;
let authorClient: TestClient;
/** Members of an organization (id 7) that has not enabled cloud labs. */
const withoutLabs = new Set<number>();

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  database = opened.database;
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: { mode: 'dev', send: async () => undefined } as never,
    clock: new TestClock(),
    instances: driver,
    cloudLabAccess: async (userId) =>
      withoutLabs.has(userId)
        ? { memberships: [{ organizationId: 7, canAccessCloudlabs: false }], activeOrganizationId: 7 }
        : { memberships: [], activeOrganizationId: null },
    logger: false,
  });
  await app.ready();
  const author = await signUp(app, { full_name: 'Lab Author' });
  authorEmail = author.email;
  authorClient = author.client;
});
afterAll(async () => {
  await app.close();
  await drop();
});

let labCounter = 0;
async function importLab() {
  labCounter += 1;
  const imported = await importCloudLab(packageImportDeps(database), {
    file: 'lab.yaml',
    slug: `lab-${labCounter}`,
    manifest: {
      title: `Lab ${labCounter}`,
      summary: 'A test lab',
      overview: 'Use **$ACCESS_KEY_ID**.',
      difficulty: 'beginner',
      tags: [],
      author: authorEmail,
      env: { type: 'CloudShell', image: 'coderoom/python/3', files: [{ path: 'README.txt', content: 'hi' }] },
      tasks: [
        { title: 'First', instructions: 'Do one.', check: 'check-one' },
        { title: 'Second', instructions: 'Do two.', check: 'fail-two' },
        { title: 'Leaky', instructions: 'Print.', check: 'print-env' },
      ],
    },
  });
  return { collectionId: imported.collectionId, labId: imported.labId as number };
}

/** Every JSON answer a test saw, to prove no variable value ever left the server. */
const answers: string[] = [];
async function call(client: TestClient, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const response = method === 'GET' ? await client.get(url) : await client.request(method, url, body ?? {});
  answers.push(response.body);
  return response;
}

async function labAuthorId() {
  return (await findUser(database, authorEmail)).id;
}

describe('cloud labs', () => {
  it('refuses to start a lab for a member of an organization that has not enabled cloud labs', async () => {
    const { client, email } = await signUp(app);
    withoutLabs.add((await findUser(database, email)).id);
    const { collectionId, labId } = await importLab();
    const authorId = await labAuthorId();
    const base = `/api/cloudlab/${authorId}/${collectionId}/${labId}`;

    // The overview still reads (the page explains why the lab cannot start) and carries the flag.
    const overview = await call(client, 'GET', base);
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({ can_access_cloudlabs: false, progress: { is_begun: false } });

    const begun = await call(client, 'POST', `${base}/begin`);
    expect(begun.statusCode).toBe(403);
    expect(begun.json().errorText).toBe(CloudLabErrors.NoAccess);
    const running = driver.running.size;
    const allocated = await call(client, 'POST', `/api/instances/${authorId}/${collectionId}/allocate`, {
      work_type: WorkType.StandaloneCloudLab,
      page_id: labId,
    });
    expect(allocated.statusCode).toBe(403);
    expect(driver.running.size).toBe(running);
    const taskId = (overview.json().tasks as Array<{ task_id: number }>)[0]?.task_id;
    expect((await call(client, 'POST', `${base}/tasks/${taskId}/check`)).statusCode).toBe(403);
    // Nothing was stored: the lab was never begun.
    expect((await call(client, 'GET', base)).json().progress.is_begun).toBe(false);

    // A learner on the platform itself may.
    const { client: learner } = await signUp(app);
    expect((await call(learner, 'GET', base)).json().can_access_cloudlabs).toBe(true);
    expect((await call(learner, 'POST', `${base}/begin`)).statusCode).toBe(200);
  });

  it('shows the lab, starts its instance with the variables, checks tasks in it and never answers a secret', async () => {
    const { client } = await signUp(app);
    const { collectionId, labId } = await importLab();
    const authorId = await labAuthorId();
    const base = `/api/cloudlab/${authorId}/${collectionId}/${labId}`;

    const overview = await call(client, 'GET', base);
    expect(overview.statusCode).toBe(200);
    const lab = overview.json();
    expect(lab).toMatchObject({
      title: expect.stringMatching(/^Lab /),
      envContent: { type: 'CloudShell', codeContent: { image: 'coderoom/python/3' } },
      variables: [
        { name: 'access_key_id', env: LabVariableEnv.access_key_id },
        { name: 'secret_access_key', env: LabVariableEnv.secret_access_key },
      ],
      progress: { is_begun: false, completed: 0, total: 3, is_done: false },
    });
    expect(JSON.stringify(lab)).not.toMatch(/check-one|fail-two|print-env/);
    const byCode = await call(client, 'GET', `/api/cloudlabs/${lab.encoded_id}`);
    expect(byCode.json().lab_id).toBe(labId);

    expect((await call(client, 'POST', `${base}/begin`)).json().progress.is_begun).toBe(true);
    const [first, second, leaky] = lab.tasks as Array<{ task_id: number; url: string }>;
    expect(first?.url).toBe(`/cloudlab/${authorId}/${collectionId}/${labId}/${first?.task_id}`);
    const task = await call(client, 'GET', `${base}/${first?.task_id}`);
    expect(task.json().task).toMatchObject({ title: 'First', instructions: 'Do one.', status: 'default' });
    expect(task.body).not.toContain('check-one');

    // Checking before the lab runs says so.
    const early = await call(client, 'POST', `${base}/tasks/${first?.task_id}/check`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errorText).toBe(CloudLabErrors.NotRunning);

    const allocated = await call(client, 'POST', `/api/instances/${authorId}/${collectionId}/allocate`, {
      work_type: WorkType.StandaloneCloudLab,
      page_id: labId,
    });
    expect(allocated.statusCode).toBe(200);
    const instanceId = allocated.json().instance_id as string;
    const request = driver.running.get(instanceId);
    expect(request?.profile).toBe('coderoom/python/3');
    expect(request?.files).toEqual([{ path: 'README.txt', content: 'hi' }]);
    const keyId = request?.env?.[LabVariableEnv.access_key_id] ?? '';
    const secret = request?.env?.[LabVariableEnv.secret_access_key] ?? '';
    expect(keyId).toMatch(/^CRLAB[A-Z2-7]{16}$/);
    expect(secret.length).toBeGreaterThanOrEqual(40);

    const passed = await call(client, 'POST', `${base}/tasks/${first?.task_id}/check`);
    expect(passed.json()).toMatchObject({ result: 'passed', exit_code: 0, status: 'completed' });
    expect(passed.json().progress).toMatchObject({ completed: 1, total: 3 });
    const failed = await call(client, 'POST', `${base}/tasks/${second?.task_id}/check`);
    expect(failed.json()).toMatchObject({ result: 'failed', exit_code: 1, status: 'default' });
    const masked = await call(client, 'POST', `${base}/tasks/${leaky?.task_id}/check`);
    expect(masked.json().output).toContain('********');

    // The same learner keeps the same variables when the lab starts again.
    await call(client, 'DELETE', `/api/instances/${instanceId}`);
    const again = await call(client, 'POST', `/api/instances/${authorId}/${collectionId}/allocate`, {
      work_type: WorkType.StandaloneCloudLab,
      page_id: labId,
    });
    expect(driver.running.get(again.json().instance_id)?.env?.[LabVariableEnv.secret_access_key]).toBe(
      secret,
    );

    for (const body of answers) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain(keyId);
    }
  });

  it('refuses a second lab while one runs, and runs checks only in the caller’s own instance', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const one = await importLab();
    const two = await importLab();
    const authorId = await labAuthorId();
    const allocate = (client: TestClient, lab: { collectionId: number; labId: number }) =>
      call(client, 'POST', `/api/instances/${authorId}/${lab.collectionId}/allocate`, {
        work_type: WorkType.StandaloneCloudLab,
        page_id: lab.labId,
      });
    expect((await allocate(owner.client, one)).statusCode).toBe(200);
    const second = await allocate(owner.client, two);
    expect(second.statusCode).toBe(409);
    // The spec's sentence, then which lab it is and how to stop it.
    const running = (await call(owner.client, 'GET', '/api/instances')).json();
    const [runningId] = Object.keys(running);
    expect(second.json().errorText).toMatch(
      new RegExp(`^${ContainerMessages.SecondCloudLab} Stop cloud lab ".+" to start this one\\.$`),
    );
    expect(Object.keys(second.json().errors)).toEqual([`stop.${runningId}`]);

    // Another learner has no instance of their own: the owner's is never used for their check.
    const overview = (
      await call(other.client, 'GET', `/api/cloudlab/${authorId}/${one.collectionId}/${one.labId}`)
    ).json();
    const taskId = overview.tasks[0].task_id;
    const foreign = await call(
      other.client,
      'POST',
      `/api/cloudlab/${authorId}/${one.collectionId}/${one.labId}/tasks/${taskId}/check`,
    );
    expect(foreign.statusCode).toBe(409);
    const ownerProgress = (
      await call(owner.client, 'GET', `/api/cloudlab/${authorId}/${one.collectionId}/${one.labId}`)
    ).json();
    expect(ownerProgress.progress.completed).toBe(0);
  });

  it('answers 401 without a login and 404 for an unknown task, lab or non-lab collection', async () => {
    const { client } = await signUp(app);
    const { collectionId, labId } = await importLab();
    const authorId = await labAuthorId();
    const base = `/api/cloudlab/${authorId}/${collectionId}/${labId}`;
    for (const url of [base, `${base}/1`, '/api/cloudlabs/abc']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const unknownTask = await call(client, 'GET', `${base}/999999`);
    expect(unknownTask.statusCode).toBe(404);
    expect(unknownTask.json().errorText).toBe(CloudLabErrors.TaskNotFound);
    expect((await call(client, 'POST', `${base}/tasks/999999/check`)).statusCode).toBe(404);
    expect(
      (await call(client, 'GET', `/api/cloudlab/${authorId}/${collectionId}/${labId + 999}`)).statusCode,
    ).toBe(404);
    expect((await call(client, 'GET', '/api/cloudlabs/nosuchcode')).statusCode).toBe(404);
  });
});

describe('the cloud lab editor', () => {
  it('lets the author read the checks, save the lab and its tasks, and add a task; learners get a 404', async () => {
    const { collectionId, labId } = await importLab();
    const authorId = await labAuthorId();
    const base = `/api/author/${authorId}/collection/${collectionId}/cloudlab/${labId}`;
    const read = await authorClient.get(base);
    expect(read.statusCode).toBe(200);
    expect(read.json().tasks.map((task: { check: string }) => task.check)).toEqual([
      'check-one',
      'fail-two',
      'print-env',
    ]);

    const lab = {
      title: 'Renamed lab',
      summary: 'New summary',
      content: '# New overview',
      env_type: 'CloudShell',
      image: 'coderoom/python/3',
      files: [{ path: 'notes/a.txt', content: 'a' }],
    };
    // Every save carries the eTag of what the editor saw and answers the next one.
    const ifMatch = (etag: string) => ({ headers: { 'if-match': `"${etag}"` } });
    expect((await authorClient.request('PUT', base, lab)).statusCode).toBe(400); // no eTag
    const saved = await authorClient.request('PUT', base, lab, ifMatch(read.json().etag));
    expect(saved.json()).toMatchObject({ title: 'Renamed lab', files: lab.files });
    expect(saved.json().etag).not.toBe(read.json().etag);
    // A tab still holding the first eTag is refused, and nothing it sent is stored.
    const stale = await authorClient.request(
      'PUT',
      base,
      { ...lab, title: 'Stale' },
      ifMatch(read.json().etag),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(ErrorMessages.ContentJustUpdated);
    const badImage = await authorClient.request(
      'PUT',
      base,
      { ...lab, image: 'nope/nope/1' },
      ifMatch(saved.json().etag),
    );
    expect(badImage.statusCode).toBe(400);
    const badPath = await authorClient.request(
      'PUT',
      base,
      { ...lab, files: [{ path: '../x', content: '' }] },
      ifMatch(saved.json().etag),
    );
    expect(badPath.statusCode).toBe(400);

    const task = { title: 'Extra', instructions: 'More', check: 'check-extra', solution: null };
    const added = await authorClient.request('POST', `${base}/tasks`, task, ifMatch(saved.json().etag));
    expect(added.json().tasks).toHaveLength(4);
    const taskId = added.json().tasks[3].task_id;
    const staleTask = await authorClient.request(
      'PUT',
      `${base}/tasks/${taskId}`,
      task,
      ifMatch(saved.json().etag),
    );
    expect(staleTask.statusCode).toBe(409);
    const edited = await authorClient.request(
      'PUT',
      `${base}/tasks/${taskId}`,
      { ...task, title: 'Extra 2' },
      ifMatch(added.json().etag),
    );
    expect(edited.json().tasks[3].title).toBe('Extra 2');
    expect(
      (await authorClient.request('PUT', `${base}/tasks/999999`, task, ifMatch(edited.json().etag)))
        .statusCode,
    ).toBe(404);

    const { client } = await signUp(app);
    expect((await client.get(base)).statusCode).toBe(404);
    expect((await client.request('PUT', base, lab, ifMatch(edited.json().etag))).statusCode).toBe(404);
    const learnerView = await client.get(`/api/cloudlab/${authorId}/${collectionId}/${labId}`);
    expect(learnerView.json().title).toBe('Renamed lab');
    expect(learnerView.body).not.toContain('check-extra');
  });
});

describe('a cloud lab created on /teach', () => {
  it('gets its lab on the first POST …/cloudlab, the same one afterwards, editable at once', async () => {
    const created = await authorClient.post('/api/author/collection?work_type=standalone_cloud_lab', {
      title: 'Bash Basics',
    });
    expect(created.statusCode).toBe(201);
    const { author_id: authorId, collection_id: collectionId } = created.json();
    const url = `/api/author/${authorId}/collection/${collectionId}/cloudlab`;

    const first = await authorClient.post(url);
    expect(first.statusCode).toBe(201);
    const again = await authorClient.post(url);
    expect(again.json()).toEqual({ lab_id: first.json().lab_id, created: false });
    const editor = await authorClient.get(`${url}/${first.json().lab_id}`);
    expect(editor.statusCode).toBe(200);
    expect(editor.json()).toMatchObject({ title: 'Bash Basics', tasks: [] });

    const listed = (await authorClient.get('/api/author/collections')).json();
    const row = listed.items.find((item: { collection_id: number }) => item.collection_id === collectionId);
    expect(row.editor_url).toBe(`/cloudlabeditor/${authorId}/${collectionId}/${first.json().lab_id}`);

    const { client: stranger } = await signUp(app);
    expect((await stranger.post(url)).statusCode).toBe(404);
  });
});
