import { CSRF_COOKIE, TerminalCloseCode } from '@coderoom/contracts';
import { ContainerMessages, LiveTestStatus, ProjectAttemptMode } from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { findUser, liveWorks, packageImportDeps } from '../../test/factories.js';
import { openTestDatabase, signUp, type TestClient, TestClock } from '../../test/harness.js';
import { importProject } from '../projects/projects.package.js';
import { FakeDriver } from './containers.fakeDriver.js';
import { APP_PROXY_CSP } from './containers.routes.js';

// The terminal socket and the app proxy (docs/containers.md), over a fake driver.

let app: FastifyInstance;
let drop: () => Promise<void>;
let database: Database;
const driver = new FakeDriver();
/** Real courses to allocate for, by label. */
const work = liveWorks(() => database);
const ORIGIN = 'http://localhost';

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  database = opened.database;
  app = await buildApp({
    config: { publicUrl: ORIGIN, webDistDir: null, trustProxy: false, logLevel: 'silent' },
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
  driver.apps.clear();
});

async function learnerWithInstance(workId = 'w1') {
  const { client } = await signUp(app);
  const allocated = await client.post(`/api/instances/${await work(workId)}/allocate`, {
    work_type: 'cloud_lab',
  });
  expect(allocated.statusCode).toBe(200);
  return { client, instanceId: allocated.json().instance_id as string };
}

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

type Socket = Awaited<ReturnType<FastifyInstance['injectWS']>>;

/** Opens the socket, recording from the first frame (a reconnect's replay arrives with the handshake). */
async function openSocket(instanceId: string, headers: Record<string, string>) {
  let recorded: ReturnType<typeof record> | null = null;
  const socket = await app.injectWS(
    `/api/instances/${instanceId}/terminal?cols=100&rows=30`,
    { headers } as never,
    {
      onInit: (ws) => {
        recorded = record(ws as unknown as Socket);
      },
    },
  );
  return Object.assign(socket, { recorded: recorded as unknown as ReturnType<typeof record> });
}

/** Everything the socket receives, binary output as text, plus how it closed. */
function record(socket: Socket) {
  const seen = { output: '', messages: [] as unknown[], closeCode: null as number | null };
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) seen.output += data.toString();
    else seen.messages.push(JSON.parse(data.toString()));
  });
  const closed = new Promise<void>((resolve) =>
    socket.on('close', (code: number) => {
      seen.closeCode = code;
      resolve();
    }),
  );
  return { seen, closed };
}

const until = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 100 && !check(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(check()).toBe(true);
};

/** For the limit watcher, which reads the instance's counters once a second. */
const waitUntil = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 400 && !check(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(check()).toBe(true);
};

describe('terminal socket', () => {
  it('is refused without a session, for another user, and from another site', async () => {
    const { client, instanceId } = await learnerWithInstance();
    await expect(openSocket(instanceId, { origin: ORIGIN })).rejects.toThrow(/401/);
    const { client: other } = await signUp(app);
    await expect(openSocket(instanceId, { origin: ORIGIN, cookie: cookieOf(other) })).rejects.toThrow(/404/);
    await expect(
      openSocket(instanceId, { origin: 'https://evil.example', cookie: cookieOf(client) }),
    ).rejects.toThrow(/403/);
    await expect(openSocket(instanceId, { cookie: cookieOf(client) })).rejects.toThrow(/403/);
  });

  it('relays input, output and resizes; a reconnect replays the shell; exit terminates', async () => {
    const { client, instanceId } = await learnerWithInstance();
    const socket = await openSocket(instanceId, { origin: ORIGIN, cookie: cookieOf(client) });
    const first = socket.recorded;
    socket.send(JSON.stringify({ type: 'input', data: 'echo hi\r' }));
    await until(() => first.seen.output.includes('echo hi\r\n'));
    const terminal = driver.terminals.at(-1);
    expect(terminal?.size).toEqual({ cols: 100, rows: 30 });
    socket.send(JSON.stringify({ type: 'resize', cols: 132, rows: 43 }));
    await until(() => terminal?.size.cols === 132);
    // A dropped socket leaves the shell running; the next one sees its recent output.
    socket.terminate();
    await first.closed;
    const again = await openSocket(instanceId, { origin: ORIGIN, cookie: cookieOf(client) });
    const second = again.recorded;
    await until(() => second.seen.output.includes('echo hi'));
    expect(driver.terminals.at(-1)).toBe(terminal);
    again.send(JSON.stringify({ type: 'input', data: 'exit\r' }));
    await second.closed;
    expect(second.seen.closeCode).toBe(TerminalCloseCode.Terminated);
    expect(second.seen.messages).toContainEqual({ type: 'exit', reason: 'terminated', exit_code: 0 });
  });

  it('tells the socket when the instance runs into its memory, process or disk limit', async () => {
    const { client, instanceId } = await learnerWithInstance();
    const socket = await openSocket(instanceId, { origin: ORIGIN, cookie: cookieOf(client) });
    const { seen } = socket.recorded;
    await until(() => driver.terminals.length > 0 && !driver.terminals.at(-1)?.exited);
    const limitMessages = () =>
      seen.messages.filter((message: unknown) => (message as { type: string }).type === 'limit');
    // Counters moved before the shell opened are not news; each new hit after that is one message.
    const sizeBytes = 128 * 1024 * 1024;
    driver.counters.set(instanceId, { oomKills: 1, processLimitHits: 0, workspace: null });
    await waitUntil(() => limitMessages().length === 1);
    driver.counters.set(instanceId, {
      oomKills: 1,
      processLimitHits: 3,
      workspace: { usedBytes: sizeBytes, sizeBytes },
    });
    await waitUntil(() => limitMessages().length === 3);
    expect(limitMessages()).toEqual([
      {
        type: 'limit',
        limit: 'memory',
        message: 'A process in your lab ran out of memory (limit 256 MiB) and was stopped.',
      },
      {
        type: 'limit',
        limit: 'processes',
        message: 'Your lab reached its limit of 64 processes; new ones are refused until others end.',
      },
      {
        type: 'limit',
        limit: 'disk',
        message: "Your lab's disk is full (128 MiB); delete files to make room.",
      },
    ]);
    socket.terminate();
    await socket.recorded.closed;
  });

  it('is force closed when the instance stops', async () => {
    const { client, instanceId } = await learnerWithInstance();
    const socket = await openSocket(instanceId, { origin: ORIGIN, cookie: cookieOf(client) });
    const seen = socket.recorded;
    await until(() => driver.terminals.length > 0 && !driver.terminals.at(-1)?.exited);
    expect((await client.request('DELETE', `/api/instances/${instanceId}`)).statusCode).toBe(200);
    await seen.closed;
    expect(seen.seen.closeCode).toBe(TerminalCloseCode.ForceClosed);
  });
});

describe('app proxy', () => {
  const page = (body: string) => ({
    kind: 'response' as const,
    status: 200,
    headers: [
      ['Content-Type', 'text/html'],
      ['Set-Cookie', 'sid=1'],
      ['Connection', 'close'],
      ['Content-Security-Policy', 'default-src *'],
    ] as Array<[string, string]>,
    body: Buffer.from(body),
    truncated: false,
  });

  it('shows the owner their app, sandboxed and without cookies either way', async () => {
    const { client, instanceId } = await learnerWithInstance();
    driver.apps.set(`${instanceId}:8000`, () => page('<h1>my app</h1>'));
    const answer = await client.get(`/api/instances/${instanceId}/app/8000/index.html?x=1`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('<h1>my app</h1>');
    expect(answer.headers['content-security-policy']).toBe(APP_PROXY_CSP);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('text/html');
    expect(driver.lastHttp).toMatchObject({ method: 'GET', path: '/index.html?x=1', port: 8000 });
    const sent = new Map(driver.lastHttp?.headers.map(([name, value]) => [name.toLowerCase(), value]));
    expect(sent.get('host')).toBe('127.0.0.1:8000');
    expect(sent.has('cookie')).toBe(false);
    expect(sent.has('x-csrf-token')).toBe(false);
  });

  it('relays other methods with their bodies (the sandboxed page cannot send our CSRF token)', async () => {
    const { client, instanceId } = await learnerWithInstance();
    driver.apps.set(`${instanceId}:8000`, (request) => ({
      ...page(`got ${request.method} ${request.body?.toString()}`),
      status: 201,
    }));
    const answer = await client.request('POST', `/api/instances/${instanceId}/app/8000/items`, undefined, {
      rawBody: 'name=milk',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.body).toBe('got POST name=milk');
  });

  it('keeps redirects inside the proxy path', async () => {
    const { client, instanceId } = await learnerWithInstance();
    driver.apps.set(`${instanceId}:8000`, () => ({
      ...page(''),
      status: 302,
      headers: [['Location', '/done']],
    }));
    const answer = await client.get(`/api/instances/${instanceId}/app/8000/form`);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/api/instances/${instanceId}/app/8000/done`);
    const bare = await client.get(`/api/instances/${instanceId}/app/8000`);
    expect(bare.statusCode).toBe(308);
    expect(bare.headers.location).toBe(`/api/instances/${instanceId}/app/8000/`);
    const withQuery = await client.get(`/api/instances/${instanceId}/app/8000?tab=2`);
    expect(withQuery.headers.location).toBe(`/api/instances/${instanceId}/app/8000/?tab=2`);
    // No redirect into an app the caller may not reach, or to a port that is not allowed.
    const { client: other } = await signUp(app);
    expect((await other.get(`/api/instances/${instanceId}/app/8000`)).statusCode).toBe(404);
    expect((await client.get(`/api/instances/${instanceId}/app/22`)).statusCode).toBe(400);
  });

  it('refuses another user, ports outside the allowed ranges, and says when the app is down', async () => {
    const { client, instanceId } = await learnerWithInstance();
    driver.apps.set(`${instanceId}:8000`, () => page('secret'));
    const { client: other } = await signUp(app);
    const foreign = await other.get(`/api/instances/${instanceId}/app/8000/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('secret');
    for (const port of ['22', '2999', '8800', '9299', '65536', 'abc']) {
      expect((await client.get(`/api/instances/${instanceId}/app/${port}/`)).statusCode).toBe(400);
    }
    const refused = await client.get(`/api/instances/${instanceId}/app/3000/`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().errorText).toBe(ContainerMessages.AppRefused);
    driver.apps.set(`${instanceId}:9300`, () => ({ kind: 'timeout' }));
    const slow = await client.get(`/api/instances/${instanceId}/app/9300/`);
    expect(slow.json().errorText).toBe(ContainerMessages.NoResponse);
  });

  it('serves the app’s own files to its sandboxed page, which sends no cookies', async () => {
    const { instanceId } = await learnerWithInstance();
    driver.apps.set(`${instanceId}:8000`, () => page('body { color: red }'));
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/instances/${instanceId}/app/8000/style.css`,
    });
    expect(anonymous.statusCode).toBe(200);
    const unknown = await app.inject({ method: 'GET', url: '/api/instances/nope/app/8000/style.css' });
    expect(unknown.statusCode).toBe(404);
    expect(CSRF_COOKIE).toBeTruthy();
  });
});

describe('a project task in a live instance', () => {
  it('starts the instance from the task, runs the task’s own tests and completes the task', async () => {
    const author = await signUp(app, { full_name: 'Live Author' });
    const authorRow = await findUser(database, author.email);
    const { collectionId, projectId } = await importProject(packageImportDeps(database), {
      file: 'live.yaml',
      slug: `live-${Date.now()}`,
      manifest: {
        title: 'Live project',
        summary: '',
        description: '',
        difficulty: 'easy',
        language_topic: 'Python',
        tags: [],
        author: author.email,
        pre_reqs: [],
        pre_requisite_projects: [],
        relevant_courses: [],
        files: [],
        tasks: [
          {
            title: 'Make a file',
            type: 'terminal',
            instructions: 'Make `done.txt`.',
            enable_stdin: false,
            test_cases: [],
            live: { image: 'coderoom/python/3', files: [{ path: 'notes.txt', content: 'start here' }] },
            live_tests: [{ name: 'done.txt exists', script: 'test -f done.txt' }],
          },
        ],
      },
    });
    const authorId = authorRow?.id;
    const projectUrl = `/api/project/${authorId}/${collectionId}/${projectId}`;
    const { client } = await signUp(app);
    const overview = await client.get(projectUrl);
    expect(overview.statusCode, overview.body).toBe(200);
    const componentId = overview.json().tasks[0].component_id as number;
    expect(
      (
        await client.post(`/api/project/begin/${authorId}/${collectionId}/${projectId}`, {
          mode: ProjectAttemptMode.Guided,
        })
      ).statusCode,
    ).toBe(200);

    // The image and starter files come from the task, whatever the browser sends.
    const allocated = await client.post(`/api/instances/${authorId}/${collectionId}/allocate`, {
      work_type: 'standalone_project',
      page_id: projectId,
      sub_document_id: componentId,
      container_info: JSON.stringify({ container: { imageName: 'coderoom/node/20' } }),
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    const request = driver.running.get(allocated.json().instance_id);
    expect(request?.profile).toBe('coderoom/python/3');
    expect(request?.files).toEqual([{ path: 'notes.txt', content: 'start here' }]);

    // A test script sent by the browser is ignored: the task's own test runs.
    const testsUrl = `/api/instances/${authorId}/${collectionId}/${projectId}/${componentId}`;
    const started = await client.post(`${testsUrl}/run_tests`, {
      document_type: 'project',
      container_info: JSON.stringify({ testRunners: [{ id: 'x', name: 'x', testScript: 'echo fail' }] }),
    });
    expect(started.statusCode, started.body).toBe(200);
    let results = await client.get(`${testsUrl}/test-results?document_type=project&attempt_count=1`);
    for (let poll = 0; poll < 50 && results.json().live_test_status === LiveTestStatus.Pending; poll += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      results = await client.get(`${testsUrl}/test-results?document_type=project&attempt_count=1`);
    }
    expect(results.json()).toMatchObject({
      live_test_status: LiveTestStatus.Completed,
      results: { tests: [{ name: 'done.txt exists', passed: true, output: 'ran test -f done.txt\n' }] },
    });
    const progress = await client.get(`${projectUrl}/${componentId}/progress`);
    expect(progress.json().status).toBe('completed');

    // Another project id, or a task that is not live, is not found.
    const { client: other } = await signUp(app);
    const missing = await other.post(`/api/instances/${authorId}/${collectionId}/allocate`, {
      work_type: 'standalone_project',
      page_id: (projectId ?? 0) + 1000,
      sub_document_id: componentId,
    });
    expect(missing.statusCode).toBe(404);
  });
});
