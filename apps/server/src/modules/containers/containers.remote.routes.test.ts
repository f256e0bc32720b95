import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import {
  createInstancesHttpService,
  createRemoteInstanceDriver,
  InstanceError,
  InstancesServiceMessages,
  type LiveInstanceDriver,
  RemoteInstanceMessages,
} from '@coderoom/runner';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { liveWorks } from '../../test/factories.js';
import { openTestDatabase, signUp, TestClock, waitFor } from '../../test/harness.js';
import { FakeDriver } from './containers.fakeDriver.js';

// Live instances on a host of their own (ROLE=instances, docs/containers.md "Instances as a service"): the
// instances host wraps a driver (the fake one here; bubblewrap or Docker in production) behind HTTP with a
// shared secret, and the api process talks to it through the remote driver. Calls, files, terminals and
// TCP streams to the learner's app cross the connection; the app proxy still answers through the api.

const SECRET = 'a-shared-secret-of-some-length';
const fake = new FakeDriver();
let host: Server;
let address = '';
let remote: LiveInstanceDriver;
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let echo: net.Server;
let echoPort = 0;
const work = liveWorks(() => database);

beforeAll(async () => {
  host = createInstancesHttpService({ driver: fake, secret: SECRET });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  address = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  remote = createRemoteInstanceDriver({ address, secret: SECRET });
  // The learner's app for the TCP streams: an echo server (the fake driver connects to it on the host).
  echo = net.createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoPort = (echo.address() as AddressInfo).port;
  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  app = await buildApp({
    config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database,
    mailer: { mode: 'dev', send: async () => undefined } as never,
    clock: new TestClock(),
    instances: remote,
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await remote?.close();
  host?.closeAllConnections();
  await new Promise((resolve) => host?.close(resolve));
  await new Promise((resolve) => echo?.close(resolve));
  await drop?.();
});

describe('live instances on an instances host', () => {
  it('allocates through the api, and the instance runs on the host', async () => {
    const { client } = await signUp(app);
    const allocated = await client.post(`/api/instances/${await work()}/allocate`, {
      work_type: 'cloud_lab',
    });
    expect(allocated.statusCode).toBe(200);
    const instanceId = allocated.json().instance_id as string;
    // The api's instance is the host's: the fake driver behind the host holds it.
    expect(fake.running.size).toBeGreaterThan(0);
    const listed = (await client.get('/api/instances')).json() as Record<string, unknown>;
    expect(listed[instanceId]).toBeDefined();

    // The app proxy's HTTP relay crosses to the host and back, bytes intact.
    const [hostId] = [...fake.running.keys()].slice(-1);
    fake.apps.set(`${hostId}:8000`, (request) => ({
      kind: 'response',
      status: 200,
      headers: [['content-type', 'text/plain']],
      body: Buffer.from(`hello from ${request.path}`),
      truncated: false,
    }));
    const pinged = await client.get(`/api/instances/${instanceId}/ping-app?port=8000`);
    expect(pinged.statusCode).toBe(200);
    expect(fake.lastHttp).toMatchObject({ port: 8000, method: 'GET', path: '/' });
  });

  it('carries every call, files as bytes, and keeps the driver errors and their codes', async () => {
    const handle = await remote.allocate({ profile: 'coderoom/python/3', owner: '7' });
    expect(remote.status(handle).state).toBe('running');
    const ran = await remote.exec(handle, ['echo', 'hi']);
    expect(ran.stdout).toBe('ran echo hi\n');
    await remote.writeFiles(handle, [{ path: 'data.bin', content: Buffer.from([0, 1, 2, 255]) }]);
    expect(fake.written.get(handle.id)?.get('data.bin')).toBe(Buffer.from([0, 1, 2, 255]).toString());
    const relayed = await remote.httpRequest(handle, { port: 9, method: 'GET', path: '/', headers: [] });
    expect(relayed).toEqual({ kind: 'refused' });
    expect((await remote.driverStatus()).kind).toBe('fake');

    fake.failExec = true;
    const failed = await remote.exec(handle, 'x').catch((error: unknown) => error);
    fake.failExec = false;
    expect(failed).toBeInstanceOf(InstanceError);
    expect(failed).toMatchObject({ code: 'agent_failed', message: 'gone' });

    await remote.stop(handle);
    expect(fake.running.has(handle.id)).toBe(false);
    expect(remote.status(handle).state).toBe('stopped');
    await expect(remote.exec(handle, 'x')).rejects.toMatchObject({
      code: 'not_running',
      message: InstancesServiceMessages.UnknownInstance,
    });
  });

  it('opens TCP streams to the app and terminals, both ways', async () => {
    const handle = await remote.allocate({ profile: 'coderoom/python/3' });
    fake.tcpApps.set(`${handle.id}:3000`, echoPort);
    expect(await remote.openTcpStream(handle, { port: 3001 })).toEqual({ kind: 'refused' });
    const opened = await remote.openTcpStream(handle, { port: 3000 });
    if (opened.kind !== 'open') throw new Error(`not open: ${opened.kind}`);
    let echoed = '';
    opened.stream.on('data', (chunk: Buffer) => {
      echoed += chunk.toString();
    });
    opened.stream.write('ping over the host');
    await waitFor(() => echoed === 'ping over the host', 'the echo through the host');
    opened.stream.destroy();
    await waitFor(() => (fake.streams.get(handle.id)?.size ?? 0) === 0, 'the host to close its side');

    const terminal = await remote.openTerminal(handle, { cols: 100, rows: 30 });
    const shown: string[] = [];
    terminal.onData((data) => shown.push(data.toString()));
    let exitCode: number | null | undefined;
    terminal.onExit((code) => {
      exitCode = code;
    });
    terminal.write('ls\r');
    await waitFor(() => shown.join('') === 'ls\r\n', 'the shell to echo');
    terminal.resize({ cols: 120, rows: 40 });
    await waitFor(() => fake.terminals.at(-1)?.size.cols === 120, 'the resize to reach the host');
    terminal.write('exit\r');
    await waitFor(() => exitCode === 0 && terminal.exited, 'the shell to end');
  });

  it('refuses a caller without the secret, and says when the host is unreachable', async () => {
    const stranger = createRemoteInstanceDriver({ address, secret: 'not-the-shared-secret' });
    await expect(stranger.driverStatus()).rejects.toMatchObject({ message: RemoteInstanceMessages.Refused });
    await stranger.close();
    const nowhere = createRemoteInstanceDriver({
      address: 'unix:/nonexistent/instances.sock',
      secret: SECRET,
    });
    await expect(nowhere.allocate({ profile: 'coderoom/python/3' })).rejects.toMatchObject({
      code: 'unavailable',
      message: RemoteInstanceMessages.Unreachable,
    });
    await nowhere.close();
  });
});
