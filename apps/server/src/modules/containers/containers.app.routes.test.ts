import { ContainerMessages, LiveAppLimits, LiveContainerState } from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { liveWorks } from '../../test/factories.js';
import { openTestDatabase, signUp, TestClient, TestClock } from '../../test/harness.js';
import { FakeDriver } from './containers.fakeDriver.js';

// The update-app and ping-app steps of a live instance (docs/containers.md), over a fake driver.

const containerInfo = (jobs: unknown[]) =>
  JSON.stringify({ version: '8.0', container: { imageName: 'coderoom/python/3' }, jobs });

const JOBS = [
  { key: 'build', name: 'Build', runScript: 'build-once', runInLiveContainer: false },
  { key: 'serve', name: 'Serve', runScript: 'restart-app', runInLiveContainer: true },
  { key: 'broken', name: 'Broken', runScript: 'restart-fail', runInLiveContainer: true },
];

let app: FastifyInstance;
let drop: () => Promise<void>;
let database: Database;
const driver = new FakeDriver();
/** Real courses to allocate for, by label. */
const work = liveWorks(() => database);

beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: opened.database,
    mailer: { mode: 'dev', send: async () => undefined } as never,
    clock: new TestClock(),
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
  driver.failExec = false;
  driver.failWrite = false;
  driver.holdJobs = null;
  driver.apps.clear();
});

async function learnerWithInstance(jobs: unknown[] = JOBS) {
  const { client } = await signUp(app);
  const allocated = await client.post(`/api/instances/${await work()}/allocate`, {
    work_type: 'cloud_lab',
    container_info: containerInfo(jobs),
  });
  expect(allocated.statusCode).toBe(200);
  return {
    client,
    instanceId: allocated.json().instance_id as string,
    requestId: allocated.json().request_id as string,
  };
}

const stateOf = async (client: TestClient, instanceId: string) =>
  (await client.get('/api/instances')).json()[instanceId]?.vm_status;

describe('update-app', () => {
  it('writes the files, runs the first live job and answers updated', async () => {
    const { client, instanceId, requestId } = await learnerWithInstance();
    const response = await client.post(`/api/instances/${instanceId}/update-app`, {
      files: [
        { path: 'app.py', content: 'print("hi")' },
        { path: 'static/site.css', content: 'body {}' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: LiveContainerState.Updated,
      request_id: requestId,
      output: 'ran restart-app\n',
    });
    expect(Object.fromEntries(driver.written.get(instanceId) ?? [])).toEqual({
      'app.py': 'print("hi")',
      'static/site.css': 'body {}',
    });
    expect(driver.commands.at(-1)).toBe('restart-app');
    expect(await stateOf(client, instanceId)).toBe(LiveContainerState.Updated);
  });

  it('runs the job named by its key', async () => {
    const { client, instanceId } = await learnerWithInstance();
    const response = await client.post(`/api/instances/${instanceId}/update-app`, { job: 'build' });
    expect(response.json()).toMatchObject({ status: LiveContainerState.Updated, output: 'ran build-once\n' });
  });

  it('only writes the files when the configuration has no live job', async () => {
    const { client, instanceId } = await learnerWithInstance([]);
    const before = driver.commands.length;
    const response = await client.post(`/api/instances/${instanceId}/update-app`, {
      files: [{ path: 'main.py', content: 'x = 1' }],
    });
    expect(response.json()).toEqual({ status: LiveContainerState.Updated, request_id: expect.any(String) });
    expect(driver.commands.length).toBe(before);
    expect(driver.written.get(instanceId)?.get('main.py')).toBe('x = 1');
  });

  it('shows updating while the job runs', async () => {
    const { client, instanceId } = await learnerWithInstance();
    let release = () => {};
    driver.holdJobs = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = driver.commands.length;
    const pending = client.post(`/api/instances/${instanceId}/update-app`, { files: [] });
    // Under load the request may take a while to reach the job; wait for the job itself, not a fixed time.
    await vi.waitFor(() => expect(driver.commands.length - before).toBe(1), { timeout: 5000 });
    expect(await stateOf(client, instanceId)).toBe(LiveContainerState.Updating);
    release();
    expect((await pending).json().status).toBe(LiveContainerState.Updated);
    expect(await stateOf(client, instanceId)).toBe(LiveContainerState.Updated);
  });

  it('runs a second update only after the first', async () => {
    const { client, instanceId } = await learnerWithInstance();
    let release = () => {};
    driver.holdJobs = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = driver.commands.length;
    const url = `/api/instances/${instanceId}/update-app`;
    const first = client.post(url, { files: [{ path: 'app.py', content: 'one' }] });
    const second = client.post(url, { files: [{ path: 'app.py', content: 'two' }] });
    await vi.waitFor(() => expect(driver.commands.length - before).toBe(1), { timeout: 5000 });
    // Give the second request time to arrive: it must not write its file under the first one's running job.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(driver.commands.length - before).toBe(1);
    expect(driver.written.get(instanceId)?.get('app.py')).toBe('one');
    release();
    expect((await first).json().status).toBe(LiveContainerState.Updated);
    expect((await second).json().status).toBe(LiveContainerState.Updated);
    expect(driver.written.get(instanceId)?.get('app.py')).toBe('two');
    expect(driver.commands.length - before).toBe(2);
  });

  it('answers update failed with the job output when the job fails', async () => {
    const { client, instanceId, requestId } = await learnerWithInstance();
    const response = await client.post(`/api/instances/${instanceId}/update-app`, { job: 'broken' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: LiveContainerState.UpdateFailed,
      request_id: requestId,
      message: ContainerMessages.UpdateFailed,
      output: 'ran restart-fail\n',
    });
    expect(await stateOf(client, instanceId)).toBe(LiveContainerState.UpdateFailed);
  });

  it('answers update failed when the files cannot be written or the instance stops answering', async () => {
    const { client, instanceId } = await learnerWithInstance();
    driver.failWrite = true;
    const unwritten = await client.post(`/api/instances/${instanceId}/update-app`, {
      files: [{ path: 'app.py', content: '' }],
    });
    expect(unwritten.json()).toMatchObject({
      status: LiveContainerState.UpdateFailed,
      message: ContainerMessages.UpdateFailed,
    });
    driver.failWrite = false;
    driver.failExec = true;
    const unanswered = await client.post(`/api/instances/${instanceId}/update-app`, {});
    expect(unanswered.json()).toMatchObject({
      status: LiveContainerState.UpdateFailed,
      message: ContainerMessages.UpdateFailed,
    });
  });

  it('refuses paths outside the workspace, unknown jobs and too many files', async () => {
    const { client, instanceId } = await learnerWithInstance();
    const url = `/api/instances/${instanceId}/update-app`;
    for (const path of ['../etc/passwd', '/tmp/x', 'a/../../b', '']) {
      const response = await client.post(url, { files: [{ path, content: 'x' }] });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(['files.0.path']);
    }
    const unknown = await client.post(url, { job: 'deploy' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      job: 'The Docker configuration has no job with the key "deploy".',
    });
    const many = Array.from({ length: LiveAppLimits.maxFiles + 1 }, (_, index) => ({
      path: `f${index}.txt`,
      content: '',
    }));
    expect((await client.post(url, { files: many })).statusCode).toBe(400);
    const wrongShape = await client.post(url, { files: [{ path: 'a.py' }] });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().errors).toEqual({ 'files.0.content': "Content can't be blank." });
    expect(driver.written.has(instanceId)).toBe(false);
  });

  it("needs a login and the owner's instance", async () => {
    const { instanceId } = await learnerWithInstance();
    const anonymous = await new TestClient(app).post(`/api/instances/${instanceId}/update-app`, {});
    expect(anonymous.statusCode).toBe(401);
    const other = await signUp(app);
    const response = await other.client.post(`/api/instances/${instanceId}/update-app`, {
      files: [{ path: 'app.py', content: 'hacked' }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errorText).toBe(`${ContainerMessages.NoAppFound} ${instanceId}`);
    expect(driver.written.has(instanceId)).toBe(false);
  });
});

describe('ping-app', () => {
  it('answers running when the app answers, whatever its status', async () => {
    const { client, instanceId, requestId } = await learnerWithInstance();
    driver.apps.set(`${instanceId}:8000`, () => ({
      kind: 'response',
      status: 500,
      headers: [],
      body: Buffer.from('boom'),
      truncated: false,
    }));
    const response = await client.get(
      `/api/instances/${instanceId}/ping-app?port=8000&request_id=${requestId}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: LiveContainerState.Running, request_id: requestId });
    expect(driver.lastHttp).toMatchObject({ port: 8000, method: 'GET', path: '/' });
    expect(await stateOf(client, instanceId)).toBe(LiveContainerState.Running);
  });

  it('answers ping app failed when nothing listens', async () => {
    const { client, instanceId } = await learnerWithInstance();
    const response = await client.get(`/api/instances/${instanceId}/ping-app?port=8000`);
    expect(response.json()).toMatchObject({
      status: LiveContainerState.PingAppFailed,
      message: ContainerMessages.PingFailed,
    });
    expect(await stateOf(client, instanceId)).toBe(LiveContainerState.PingAppFailed);
  });

  it('answers no response when the app does not answer in time or answers garbage', async () => {
    const { client, instanceId } = await learnerWithInstance();
    driver.apps.set(`${instanceId}:8000`, () => ({ kind: 'timeout' }));
    driver.apps.set(`${instanceId}:9400`, () => ({ kind: 'error', message: 'bad status line' }));
    for (const port of [8000, 9400]) {
      const response = await client.get(`/api/instances/${instanceId}/ping-app?port=${port}`);
      expect(response.json()).toMatchObject({
        status: LiveContainerState.NoResponse,
        message: ContainerMessages.NoResponse,
      });
    }
    expect(await stateOf(client, instanceId)).toBe(LiveContainerState.NoResponse);
  });

  it('refuses ports outside the proxy ranges and a missing port', async () => {
    const { client, instanceId } = await learnerWithInstance();
    const low = await client.get(`/api/instances/${instanceId}/ping-app?port=22`);
    expect(low.statusCode).toBe(400);
    expect(low.json().errorText).toContain('Port 22 cannot be opened');
    expect((await client.get(`/api/instances/${instanceId}/ping-app?port=8800`)).statusCode).toBe(400);
    const missing = await client.get(`/api/instances/${instanceId}/ping-app`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ port: "Port can't be blank." });
    expect((await client.get(`/api/instances/${instanceId}/ping-app?port=abc`)).statusCode).toBe(400);
  });

  it("needs a login and the owner's instance", async () => {
    const { instanceId } = await learnerWithInstance();
    driver.apps.set(`${instanceId}:8000`, () => ({
      kind: 'response',
      status: 200,
      headers: [],
      body: Buffer.from('ok'),
      truncated: false,
    }));
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/instances/${instanceId}/ping-app?port=8000`,
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await signUp(app);
    const response = await other.client.get(`/api/instances/${instanceId}/ping-app?port=8000`);
    expect(response.statusCode).toBe(404);
    expect(response.json().errorText).toBe(`${ContainerMessages.NoAppFound} ${instanceId}`);
  });

  it('answers ping app failed once the instance has gone', async () => {
    const { client, instanceId } = await learnerWithInstance();
    // The sandbox died under the server: the ping itself cannot be made.
    driver.running.delete(instanceId);
    const response = await client.get(`/api/instances/${instanceId}/ping-app?port=8000`);
    expect(response.json()).toMatchObject({
      status: LiveContainerState.PingAppFailed,
      message: ContainerMessages.PingFailed,
    });
  });
});
