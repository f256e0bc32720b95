import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { DesktopCloseCode, DesktopMessages } from '@coderoom/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error ws ships no types and @types/ws is not installed; only its constructor and events are used.
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { liveWorks } from '../../test/factories.js';
import { openTestDatabase, signUp, TestClient, TestClock } from '../../test/harness.js';
import { FakeDriver } from './containers.fakeDriver.js';

// The desktop of a VNC widget (docs/widgets.md "VNC"): POST …/desktop starts it, GET …/vnc relays the VNC
// bytes. The fake driver's stream reaches a small RFB-like server on the host (the real desktop and its
// VNC server are tested in apps/runner desktop.test.ts).

let app: FastifyInstance;
let drop: () => Promise<void>;
let database: Database;
let serverPort = 0;
let vncServer: net.Server;
let vncPort = 0;
const driver = new FakeDriver();
const work = liveWorks(() => database);
const clock = new TestClock();
const ORIGIN = 'http://localhost';
const DESKTOP = JSON.stringify({ version: '8.0', container: { imageName: 'coderoom/desktop/1' } });
const PYTHON = JSON.stringify({ version: '8.0', container: { imageName: 'coderoom/python/3' } });
const BANNER = 'RFB 003.008\n';

beforeAll(async () => {
  // Sends the RFB banner, then echoes what it gets with a prefix, so the relay is checked both ways.
  vncServer = net.createServer((socket) => {
    socket.write(BANNER);
    socket.on('data', (data) => socket.write(Buffer.concat([Buffer.from('echo:'), data])));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => vncServer.listen(0, '127.0.0.1', resolve));
  vncPort = (vncServer.address() as AddressInfo).port;

  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  app = await buildApp({
    config: { publicUrl: ORIGIN, webDistDir: null, trustProxy: false, logLevel: 'silent' },
    database: opened.database,
    mailer: { mode: 'dev', send: async () => undefined } as never,
    clock,
    instances: driver,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  serverPort = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => vncServer.close(resolve));
  await drop();
});

async function learnerWithSandbox(label: string, containerInfo = DESKTOP) {
  const { client } = await signUp(app);
  const allocated = await client.post(`/api/instances/${await work(label)}/allocate`, {
    work_type: 'course',
    container_info: containerInfo,
    comp_type: 'VNC',
  });
  expect(allocated.statusCode).toBe(200);
  return { client, instanceId: allocated.json().instance_id as string };
}

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** Opens the VNC socket as a browser would; resolves with the socket or the HTTP status of a refusal. */
function openVnc(instanceId: string, headers: Record<string, string>) {
  // biome-ignore lint/suspicious/noExplicitAny: ws has no types here.
  return new Promise<{ socket: any } | { status: number }>((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${serverPort}/api/instances/${instanceId}/vnc`, ['binary'], {
      headers,
    });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request: unknown, response: { statusCode?: number }) =>
      resolve({ status: response.statusCode ?? 0 }),
    );
    socket.once('error', () => undefined);
  });
}

/** Collects what the socket receives until `done` says it is enough, within 5 s. */
// biome-ignore lint/suspicious/noExplicitAny: ws has no types here.
function receive(socket: any, done: (received: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const timer = setTimeout(() => reject(new Error(`only received ${JSON.stringify(received)}`)), 5000);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      expect(isBinary).toBe(true);
      received += data.toString('latin1');
      if (done(received)) {
        clearTimeout(timer);
        resolve(received);
      }
    });
  });
}

describe('POST /api/instances/{id}/desktop', () => {
  it('starts the desktop inside the instance at the widget size', async () => {
    const { client, instanceId } = await learnerWithSandbox('start');
    const before = driver.commands.length;
    const started = await client.post(`/api/instances/${instanceId}/desktop`, { width: 800, height: 600 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ status: 'running' });
    const command = driver.commands.slice(before).find((entry) => entry.includes('x11vnc'));
    expect(command).toContain(' 800 600 5900 :1');
  });

  it('refuses a size outside the limits, a stranger, a visitor and a sandbox without a desktop', async () => {
    const { client, instanceId } = await learnerWithSandbox('refusals');
    const tooWide = await client.post(`/api/instances/${instanceId}/desktop`, { width: 5000, height: 600 });
    expect(tooWide.statusCode).toBe(400);
    expect(Object.keys(tooWide.json().errors)).toEqual(['width']);

    const { client: stranger } = await signUp(app);
    const foreign = await stranger.post(`/api/instances/${instanceId}/desktop`, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorText).toBe(`No app found against id: ${instanceId}`);

    const visitor = await new TestClient(app).post(`/api/instances/${instanceId}/desktop`, {});
    expect(visitor.statusCode).toBe(401);

    const python = await learnerWithSandbox('python', PYTHON);
    const noDesktop = await python.client.post(`/api/instances/${python.instanceId}/desktop`, {});
    expect(noDesktop.statusCode).toBe(409);
    expect(noDesktop.json().errorText).toBe(DesktopMessages.NoDesktop);
  });

  it('answers 503 with the reason when the desktop does not come up', async () => {
    const { client, instanceId } = await learnerWithSandbox('broken');
    driver.failExec = true;
    try {
      const failed = await client.post(`/api/instances/${instanceId}/desktop`, {});
      expect(failed.statusCode).toBe(503);
      expect(failed.json().errorText).toBe(DesktopMessages.StartFailed);
    } finally {
      driver.failExec = false;
    }
  });
});

describe('GET /api/instances/{id}/vnc (WebSocket)', () => {
  it("relays the VNC server's bytes and the browser's, as binary messages", async () => {
    const { client, instanceId } = await learnerWithSandbox('relay');
    driver.tcpApps.set(`${instanceId}:5900`, vncPort);
    const opened = await openVnc(instanceId, { Cookie: cookieOf(client), Origin: ORIGIN });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.status}`);
    const { socket } = opened;
    expect(socket.protocol).toBe('binary');
    expect(await receive(socket, (text) => text.length >= BANNER.length)).toBe(BANNER);
    const echoed = receive(socket, (text) => text.includes('echo:RFB 003.008'));
    socket.send(Buffer.from('RFB 003.008\n'));
    expect(await echoed).toContain('echo:RFB 003.008\n');

    // Stopping the instance ends the socket.
    const ended = new Promise<number>((resolve) => socket.once('close', resolve));
    const stopped = await client.request('DELETE', `/api/instances/${instanceId}`);
    expect(stopped.statusCode).toBe(200);
    expect(await ended).toBe(DesktopCloseCode.Ended);
  });

  it('closes with 4001 when nothing listens on the desktop port', async () => {
    const { client, instanceId } = await learnerWithSandbox('not-running');
    const opened = await openVnc(instanceId, { Cookie: cookieOf(client), Origin: ORIGIN });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.status}`);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      opened.socket.once('close', (code: number, reason: Buffer) =>
        resolve({ code, reason: reason.toString() }),
      ),
    );
    expect(closed).toEqual({ code: DesktopCloseCode.NotRunning, reason: DesktopMessages.NotRunning });
  });

  it('refuses before the upgrade: no session, another site, a stranger, a sandbox without a desktop', async () => {
    const { client, instanceId } = await learnerWithSandbox('socket-refusals');
    driver.tcpApps.set(`${instanceId}:5900`, vncPort);
    expect(await openVnc(instanceId, { Origin: ORIGIN })).toEqual({ status: 401 });
    expect(await openVnc(instanceId, { Cookie: cookieOf(client), Origin: 'https://evil.example' })).toEqual({
      status: 403,
    });
    const { client: stranger } = await signUp(app);
    expect(await openVnc(instanceId, { Cookie: cookieOf(stranger), Origin: ORIGIN })).toEqual({
      status: 404,
    });
    const python = await learnerWithSandbox('socket-python', PYTHON);
    expect(await openVnc(python.instanceId, { Cookie: cookieOf(python.client), Origin: ORIGIN })).toEqual({
      status: 409,
    });
  });
});
