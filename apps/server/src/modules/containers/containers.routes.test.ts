import {
  ANDROID_UNAVAILABLE_REASON,
  ContainerMessages,
  ContainerPolling,
  DOCKER_IMAGE_NAME_INVALID,
  LiveContainerState,
  LiveTestStatus,
} from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { buildCourse, liveWorks } from '../../test/factories.js';
import { openTestDatabase, signUp, TestClient, TestClock } from '../../test/harness.js';
import { FakeDriver } from './containers.fakeDriver.js';

const containerInfo = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    version: '8.0',
    container: { imageName: 'coderoom/python/3' },
    envs: [{ key: 'PORT', value: '8000' }],
    testRunners: [
      { id: 't1', name: 'Home page', testScript: 'test-home' },
      { id: 't2', name: 'API', testScript: 'test-api-fail' },
    ],
    ...overrides,
  });

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
const clock = new TestClock();
const driver = new FakeDriver();
/** Real courses to allocate for, by label. */
const work = liveWorks(() => database);

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  database = opened.database;
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: opened.database,
    mailer: { mode: 'dev', send: async () => undefined } as never,
    clock,
    instances: driver,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});
beforeEach(() => {
  driver.failAllocate = false;
  driver.failExec = false;
  driver.hold = null;
});

async function allocate(
  client: Awaited<ReturnType<typeof signUp>>['client'],
  workId = 'w1',
  info = containerInfo(),
) {
  return client.post(`/api/instances/${await work(workId)}/allocate`, {
    work_type: 'cloud_lab',
    page_type: 'collection_lesson',
    draft: false,
    container_info: info,
    page_id: 'p1',
  });
}

describe('live instance lifecycle', () => {
  it('needs a login', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/instances' })).statusCode).toBe(401);
  });

  it('allocates, pulls, starts the daemon and lists the instance', async () => {
    const { client } = await signUp(app);
    expect((await client.get('/api/instances')).json()).toEqual({});
    const allocated = await allocate(client);
    expect(allocated.statusCode).toBe(200);
    const body = allocated.json();
    expect(body).toMatchObject({ vm_status: LiveContainerState.Allocated, request_id: expect.any(String) });
    expect(body.vm_password).toEqual(expect.any(String));
    const id = body.instance_id as string;
    expect(driver.running.get(id)).toMatchObject({ profile: 'coderoom/python/3', env: { PORT: '8000' } });

    const image = await client.get(`/api/instances/${id}/image/status?request_id=${body.request_id}`);
    expect(image.json()).toEqual({ status: LiveContainerState.Pulled, request_id: body.request_id });
    const daemon = await client.get(`/api/instances/${id}/int-daemon/status?request_id=${body.request_id}`);
    expect(daemon.json()).toEqual({ status: LiveContainerState.Running, request_id: body.request_id });

    const [authorId, workId] = (await work('w1')).split('/');
    const listed = (await client.get(`/api/instances?collection_id=${workId}&author_id=${authorId}`)).json();
    expect(listed[id]).toMatchObject({
      instance_id: id,
      work_id: workId,
      vm_status: LiveContainerState.Running,
    });
    expect((await client.get('/api/instances?collection_id=other')).json()).toEqual({});

    // Allocating the same work again returns the same instance.
    expect((await allocate(client)).json().instance_id).toBe(id);
    expect((await client.request('DELETE', `/api/instances/${id}`)).json()).toEqual({ status: 'offline' });
    expect(driver.running.has(id)).toBe(false);
  });

  it('answers daemon failed and pull failed when the instance stops answering', async () => {
    const { client } = await signUp(app);
    const id = (await allocate(client)).json().instance_id as string;
    driver.failExec = true;
    expect((await client.get(`/api/instances/${id}/image/status`)).json().status).toBe(
      LiveContainerState.PullFailed,
    );
    expect((await client.get(`/api/instances/${id}/int-daemon/status`)).json().status).toBe(
      LiveContainerState.DaemonFailed,
    );
  });

  it('does not show another user instance', async () => {
    const owner = await signUp(app);
    const id = (await allocate(owner.client)).json().instance_id as string;
    const other = await signUp(app);
    const response = await other.client.get(`/api/instances/${id}/image/status`);
    expect(response.statusCode).toBe(404);
    expect(response.json().errorText).toBe(`${ContainerMessages.NoAppFound} ${id}`);
  });

  it('keeps two sandboxes per user at once and refuses a third, listing both to stop', async () => {
    const { client } = await signUp(app);
    const first = (await allocate(client, 'box-1')).json().instance_id as string;
    const second = (await allocate(client, 'box-2')).json().instance_id as string;
    expect(second).not.toBe(first);
    expect(Object.keys((await client.get('/api/instances')).json()).sort()).toEqual([first, second].sort());
    const third = await allocate(client, 'box-3');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({
      errorText:
        'You can keep 2 live sandboxes at once, and 2 live sandboxes are running. Stop one to start this one.',
      errors: { [`stop.${first}`]: 'a live sandbox', [`stop.${second}`]: 'a live sandbox' },
    });
    await client.request('DELETE', `/api/instances/${first}`);
    expect((await allocate(client, 'box-3')).statusCode).toBe(200);
  });

  it('allocates only for a work the caller may read', async () => {
    const { client } = await signUp(app);
    for (const missing of ['a1/w1', `${(await work('w1')).split('/')[0]}/999999`]) {
      const response = await client.post(`/api/instances/${missing}/allocate`, {
        container_info: containerInfo(),
      });
      expect(response.statusCode, missing).toBe(404);
    }
    expect((await client.get('/api/instances')).json()).toEqual({});
  });

  it('returns an empty result without author or work id', async () => {
    const { client } = await signUp(app);
    const response = await client.post('/api/instances/undefined/w1/allocate', {
      container_info: containerInfo(),
    });
    expect(response.json()).toEqual({});
  });

  it('reports allocation failure and invalid image names', async () => {
    const { client } = await signUp(app);
    driver.failAllocate = true;
    const failed = await allocate(client);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().errorText).toBe(ContainerMessages.AllocationFailed);
    driver.failAllocate = false;
    const unknown = await allocate(
      client,
      'w1',
      containerInfo({ container: { imageName: 'coderoom/cobol/85' } }),
    );
    expect(unknown.json().errorText).toBe(ContainerMessages.AllocationFailed);
    const invalid = await allocate(client, 'w1', containerInfo({ container: { imageName: 'python' } }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      errorText: DOCKER_IMAGE_NAME_INVALID,
      errors: { 'container.imageName': DOCKER_IMAGE_NAME_INVALID },
    });
  });

  it('migrates an old container_info before allocating', async () => {
    const { client } = await signUp(app);
    const old = JSON.stringify({ version: '5.0', imageName: 'coderoom/node/20', envs: { MODE: 'lab' } });
    const id = (await allocate(client, 'w1', old)).json().instance_id as string;
    expect(driver.running.get(id)).toMatchObject({ profile: 'coderoom/node/20', env: { MODE: 'lab' } });
  });

  it('reclaims an idle instance after the timeout, so another lab can start', async () => {
    const { client } = await signUp(app);
    const id = (await allocate(client, 'lab-1')).json().instance_id as string;
    clock.advance(29 * 60_000);
    expect(Object.keys((await client.get('/api/instances')).json())).toEqual([id]);
    clock.advance(30 * 60_000);
    expect((await client.get('/api/instances')).json()).toEqual({});
    expect(driver.running.has(id)).toBe(false);
    expect((await allocate(client, 'lab-2')).statusCode).toBe(200);
  });
});

describe('POST /api/instances/{workType}/{authorId}/{workId}/allocate-android', () => {
  const android = (path: string) => `/api/instances/collection/${path}/allocate-android`;
  const body = {
    draft: false,
    emulator: 'pixel_7_api_34',
    page_id: 7,
    comp_id: 'phone',
    comp_type: 'Android',
  };

  it('answers allocation failed with the reason for a readable work, and starts nothing', async () => {
    const { client } = await signUp(app);
    const response = await client.post(android(await work('w1')), body);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errorText: ContainerMessages.AllocationFailed,
      errors: { emulator: ANDROID_UNAVAILABLE_REASON },
    });
    expect((await client.get('/api/instances')).json()).toEqual({});
    // An empty body is as good as a full one: every field is optional.
    expect((await client.post(android(await work('w1')), {})).statusCode).toBe(503);
  });

  it('refuses visitors, works the caller cannot read, and malformed bodies', async () => {
    const path = await work('w1');
    expect((await new TestClient(app).post(android(path), body)).statusCode).toBe(401);

    const { client } = await signUp(app);
    const [authorId] = path.split('/');
    const missing = await client.post(android(`${authorId}/999999`), body);
    expect(missing.statusCode).toBe(404);
    // A draft is the author's only.
    expect((await client.post(android(path), { ...body, draft: true })).statusCode).toBe(404);

    const invalid = await client.post(android(path), { ...body, emulator: 'x'.repeat(65), gpu: true });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      emulator: 'Emulator: must be at most 64 characters',
      gpu: 'Unknown field.',
    });
  });

  it('returns an empty result without author or work id', async () => {
    const { client } = await signUp(app);
    const response = await client.post('/api/instances/collection/undefined/w1/allocate-android', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });
});

describe('live tests', () => {
  // Tests run for a lesson's widget (author / collection / page / widget id): d1 on the course's first lesson.
  let base: string;
  let lesson: { authorId: number; collectionId: number; pageId: number };
  beforeAll(async () => {
    const course = await buildCourse(database, {
      components: () => [{ type: 'MarkdownEditor', comp_id: 'd1', content: { text: 'Run the tests.' } }],
    });
    lesson = {
      authorId: course.collection.authorId,
      collectionId: course.collection.id,
      pageId: course.pageIds[0] as number,
    };
    base = `/api/instances/${lesson.authorId}/${lesson.collectionId}/${lesson.pageId}/d1`;
  });

  it('answers 404 for a document that does not exist, before allocating anything', async () => {
    const { client } = await signUp(app);
    const { authorId, collectionId, pageId } = lesson;
    for (const missing of [
      '/api/instances/x/y/z/w',
      `/api/instances/${authorId}/${collectionId}/${pageId}/no-such-widget`,
      `/api/instances/${authorId}/${collectionId}/999999/d1`,
      `/api/instances/${authorId}/999999/${pageId}/d1`,
    ]) {
      const run = await client.post(`${missing}/run_tests`, {
        document_type: 'lesson',
        container_info: containerInfo(),
      });
      expect(run.statusCode, missing).toBe(404);
      expect(run.json().errorText).toEqual(expect.any(String));
      const poll = await client.get(`${missing}/test-results?document_type=lesson&attempt_count=1`);
      expect(poll.statusCode, missing).toBe(404);
    }
    expect((await client.get('/api/instances')).json()).toEqual({});
  });

  it("answers 404 for a draft's tests unless the caller may edit the draft", async () => {
    const { client } = await signUp(app);
    const run = await client.post(`${base}/run_tests`, {
      document_type: 'lesson',
      is_editor: true,
      container_info: containerInfo(),
    });
    expect(run.statusCode).toBe(404);
  });

  it('needs author and work ids, and polling needs document type and attempt count', async () => {
    const { client } = await signUp(app);
    const run = await client.post('/api/instances/undefined/null/p1/d1/run_tests', {
      document_type: 'lesson',
    });
    expect(run.statusCode).toBe(400);
    expect(run.json().errorText).toBe(ContainerMessages.RunTestsIdsRequired);
    for (const query of [
      '',
      '?document_type=lesson',
      '?attempt_count=1',
      '?document_type=&attempt_count=x',
    ]) {
      const poll = await client.get(`${base}/test-results${query}`);
      expect(poll.statusCode).toBe(400);
      expect(poll.json().errorText).toBe(ContainerMessages.PollingParamsRequired);
    }
  });

  it('runs the test runners and completes with results (101)', async () => {
    const { client } = await signUp(app);
    const run = await client.post(`${base}/run_tests`, {
      document_type: 'lesson',
      is_editor: false,
      container_info: containerInfo(),
      is_debug_mode: false,
    });
    expect(run.json()).toMatchObject({
      testing_container_status: LiveContainerState.Allocated,
      attempt_count: 1,
    });
    await new Promise((resolve) => setImmediate(resolve));
    const poll = await client.get(
      `${base}/test-results?document_type=lesson&attempt_count=1&is_editor=false`,
    );
    expect(poll.json()).toEqual({
      live_test_status: LiveTestStatus.Completed,
      request_id: run.json().request_id,
      results: {
        tests: [
          { id: 't1', name: 'Home page', passed: true, exit_code: 0, output: 'ran test-home\n' },
          { id: 't2', name: 'API', passed: false, exit_code: 1, output: 'ran test-api-fail\n' },
        ],
      },
    });
    const again = await client.post(`${base}/run_tests`, {
      document_type: 'lesson',
      container_info: containerInfo(),
    });
    expect(again.json().attempt_count).toBe(2);
  });

  it('stays pending (100), then times out (102) after 150 polls', async () => {
    const { client } = await signUp(app);
    driver.hold = new Promise(() => {});
    const run = await client.post(`${base}/run_tests`, {
      document_type: 'lesson',
      container_info: containerInfo(),
    });
    const url = `${base}/test-results?document_type=lesson&attempt_count=${run.json().attempt_count}`;
    for (let poll = 1; poll < ContainerPolling.testResultTries; poll += 1) {
      const response = await client.get(url);
      expect(response.json().live_test_status).toBe(LiveTestStatus.Pending);
      clock.advance(1); // polls are counted, not waited for
    }
    const last = (await client.get(url)).json();
    expect(last).toMatchObject({
      live_test_status: LiveTestStatus.TimedOut,
      results: { error: ContainerMessages.MaxLiveTestTime },
    });
  });

  it('times out (102) once 150 × 2000 ms have passed on the clock', async () => {
    const { client } = await signUp(app);
    driver.hold = new Promise(() => {});
    const run = await client.post(`${base}/run_tests`, {
      document_type: 'lesson',
      container_info: containerInfo(),
    });
    const url = `${base}/test-results?document_type=lesson&attempt_count=${run.json().attempt_count}`;
    // The test clock also moves with real time, so the boundary is checked with a second of margin.
    clock.advance(ContainerPolling.testResultTries * ContainerPolling.testResultIntervalMs - 1000);
    expect((await client.get(url)).json().live_test_status).toBe(LiveTestStatus.Pending);
    clock.advance(1000);
    expect((await client.get(url)).json()).toMatchObject({
      live_test_status: LiveTestStatus.TimedOut,
      results: { error: ContainerMessages.MaxLiveTestTime },
    });
  });

  it('counts anything but allocated as allocation failed', async () => {
    const { client } = await signUp(app);
    driver.failAllocate = true;
    const run = await client.post(`${base}/run_tests`, {
      document_type: 'lesson',
      container_info: containerInfo(),
    });
    expect(run.json()).toMatchObject({
      testing_container_status: LiveContainerState.AllocationFailed,
      attempt_count: 1,
    });
    const poll = (await client.get(`${base}/test-results?document_type=lesson&attempt_count=1`)).json();
    expect(poll).toMatchObject({
      live_test_status: LiveTestStatus.Completed,
      results: { error: `Live testing failed. ${ContainerMessages.AllocationFailed}` },
    });
  });

  it('reports a test execution failure when the instance fails mid-run', async () => {
    const { client } = await signUp(app);
    const run = await client.post(`${base}/run_tests`, {
      document_type: 'lesson',
      container_info: containerInfo(),
    });
    expect(run.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    // The previous run completed; fail the next one inside the instance.
    driver.failExec = true;
    const failing = await client.post(`${base}/run_tests`, {
      document_type: 'lesson',
      container_info: containerInfo(),
    });
    await new Promise((resolve) => setImmediate(resolve));
    const poll = (
      await client.get(
        `${base}/test-results?document_type=lesson&attempt_count=${failing.json().attempt_count}`,
      )
    ).json();
    expect(poll.results.error).toBe(ContainerMessages.TestExecutionFailure);
  });
});
