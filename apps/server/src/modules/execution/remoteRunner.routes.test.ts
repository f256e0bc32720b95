import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createRemoteRunner,
  createRunnerHttpService,
  createRunnerProcess,
  type RemoteRunner,
  type RunnerProcess,
} from '@coderoom/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { buildTestApp, signUp, type TestApp, TestClient } from '../../test/harness.js';

// An api process whose code runs on a runner host (ROLE=runner, docs/runner.md): the app holds no sandbox
// of its own, only the HTTP client; the host is a real sandboxed runner behind the HTTP service.
const SECRET = 'the-runner-secret-of-this-test';
let t: TestApp;
let host: RunnerProcess;
let service: Server;
let remote: RemoteRunner;
let app: TestApp['app'];
beforeAll(async () => {
  t = await buildTestApp();
  host = createRunnerProcess({ slots: 1, queueSize: 4, uidBase: 66500 });
  service = createRunnerHttpService({ runner: host, secret: SECRET });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  remote = createRemoteRunner({
    addresses: [`http://127.0.0.1:${(service.address() as AddressInfo).port}`],
    secret: SECRET,
  });
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: t.database,
    mailer: t.mailer,
    runner: remote,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await remote.close();
  service.close();
  service.closeAllConnections();
  await host.close();
  await t.close();
});

describe('code runs on a runner host over HTTP', () => {
  it('answers POST /api/code/execute from the host and keeps its refusals', async () => {
    const { client } = await signUp(app);
    const ran = await client.post('/api/code/execute', { language: 'python3', source_code: 'print(6 * 7)' });
    expect(ran.statusCode).toBe(200);
    expect(ran.json()).toMatchObject({ status: 'ok', stdout: '42\n', exit_code: 0 });
    // It ran in the host's sandbox, in the host's process: not in this one.
    expect(host.pid()).not.toBeNull();
    expect(host.pid()).not.toBe(process.pid);

    const refused = await client.post('/api/code/execute', { language: 'cobol', source_code: 'x' });
    expect(refused.statusCode).toBe(400);
  });

  it('answers 503 with the clear message while no runner host can be reached', async () => {
    const { client } = await signUp(app);
    const nowhere = createRemoteRunner({ addresses: ['http://127.0.0.1:9'], secret: SECRET });
    const offline = await buildApp({
      config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
      database: t.database,
      mailer: t.mailer,
      runner: nowhere,
      clock: t.clock,
      logger: false,
    });
    try {
      await offline.ready();
      // The same signed-in learner (sessions live in the database) on the process with no host.
      const sameLearner = new TestClient(offline);
      for (const [name, value] of client.cookies) sameLearner.cookies.set(name, value);
      const response = await sameLearner.post('/api/code/execute', {
        language: 'python3',
        source_code: 'print(1)',
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        errorText: 'The code runner cannot be reached right now. Please run your code again in a moment.',
      });
    } finally {
      await offline.close();
      await nowhere.close();
    }
  });
});
