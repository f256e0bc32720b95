import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../platform/db/database.js';
import { liveWorks } from '../../test/factories.js';
import { openTestDatabase, signUp, type TestClient, TestClock } from '../../test/harness.js';
import { FakeDriver } from './containers.fakeDriver.js';

// WebSockets of the learner's app through the app proxy (docs/containers.md), over a fake driver whose
// streams reach a real WebSocket echo server on the host, from a raw client: the relay is checked byte for byte.

let app: FastifyInstance;
let echoApp: FastifyInstance;
let drop: () => Promise<void>;
let database: Database;
let serverPort = 0;
let echoPort = 0;
const driver = new FakeDriver();
/** Real courses to allocate for, by label. */
const work = liveWorks(() => database);
const clock = new TestClock();
const ORIGIN = 'http://localhost';
const APP_PORT = 8000;
/** What the echo app saw of each handshake, and the closes it saw. */
const seenByApp = { headers: [] as Array<Record<string, unknown>>, closes: 0 };

beforeAll(async () => {
  echoApp = Fastify();
  await echoApp.register(websocket);
  echoApp.get('/live', { websocket: true }, (socket, request) => {
    seenByApp.headers.push({ ...request.headers });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (data.toString() === 'bye') socket.close(4000, 'bye');
      else socket.send(data, { binary: isBinary });
    });
    socket.on('close', () => {
      seenByApp.closes += 1;
    });
  });
  await echoApp.listen({ port: 0, host: '127.0.0.1' });
  echoPort = (echoApp.server.address() as AddressInfo).port;

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
  await echoApp.close();
  await drop();
});

async function learnerWithApp(workId: string) {
  const { client } = await signUp(app);
  const allocated = await client.post(`/api/instances/${await work(workId)}/allocate`, {
    work_type: 'cloud_lab',
  });
  expect(allocated.statusCode).toBe(200);
  const instanceId = allocated.json().instance_id as string;
  driver.tcpApps.set(`${instanceId}:${APP_PORT}`, echoPort);
  return { client, instanceId };
}

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

const until = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 200 && !check(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(check()).toBe(true);
};

/** A browser's side of the socket, by hand: the handshake, then small masked frames (RFC 6455 §5). */
async function connect(path: string, headers: Record<string, string>) {
  const socket = net.connect(serverPort, '127.0.0.1');
  let received = Buffer.alloc(0);
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
  });
  socket.on('close', () => {
    isClosed = true;
  });
  const lines = Object.entries({
    Host: `127.0.0.1:${serverPort}`,
    Upgrade: 'websocket',
    Connection: 'Upgrade',
    'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
    'Sec-WebSocket-Version': '13',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
  await until(() => received.includes('\r\n\r\n') || isClosed);
  const end = received.indexOf('\r\n\r\n');
  const head = received.subarray(0, end).toString('latin1');
  received = received.subarray(end + 4);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);

  /** Frames from the server: unmasked, payloads under 126 bytes in these tests. */
  const frames = () => {
    const parsed: Array<{ opcode: number; payload: Buffer }> = [];
    let offset = 0;
    while (
      offset + 2 <= received.length &&
      offset + 2 + (received.readUInt8(offset + 1) & 127) <= received.length
    ) {
      const length = received.readUInt8(offset + 1) & 127;
      parsed.push({
        opcode: received.readUInt8(offset) & 15,
        payload: received.subarray(offset + 2, offset + 2 + length),
      });
      offset += 2 + length;
    }
    return parsed;
  };
  return {
    status,
    head,
    socket,
    body: () => received.toString(),
    frames,
    texts: () =>
      frames()
        .filter((frame) => frame.opcode === 1)
        .map((frame) => frame.payload.toString()),
    get isClosed() {
      return isClosed;
    },
    send(data: string | Buffer, opcode = 1) {
      const payload = Buffer.from(data);
      const mask = randomBytes(4);
      const masked = Buffer.from(payload.map((byte, index) => byte ^ mask.readUInt8(index % 4)));
      socket.write(Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]));
    },
  };
}

const appPath = (instanceId: string, port = APP_PORT, rest = 'live') =>
  `/api/instances/${instanceId}/app/${port}/${rest}`;

describe('WebSocket through the app proxy', () => {
  it('is refused for another user, without the capability, from another site, and on other ports', async () => {
    const { client, instanceId } = await learnerWithApp('refusals');
    const { client: other } = await signUp(app);
    const owner = { origin: ORIGIN, cookie: cookieOf(client) };

    const foreign = await connect(appPath(instanceId), { origin: ORIGIN, cookie: cookieOf(other) });
    expect(foreign.status).toBe(404);
    await until(() => foreign.body().includes(`No app found against id: ${instanceId}`));
    // Without a session only the instance id opens the app: a made-up one is refused.
    const guessed = await connect(appPath(randomUUID()), { origin: 'null' });
    expect(guessed.status).toBe(404);
    expect((await connect(appPath(instanceId), { ...owner, origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await connect(appPath(instanceId), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await connect(appPath(instanceId), { cookie: cookieOf(client) })).status).toBe(403);
    for (const port of [22, 8800, 9299]) {
      expect((await connect(appPath(instanceId, port), owner)).status).toBe(400);
    }
    const nothing = await connect(appPath(instanceId, 8001), owner);
    expect(nothing.status).toBe(503);
    await until(() => nothing.body().includes('Your app refused to connect.'));
    expect(seenByApp.headers).toHaveLength(0);
  });

  it('relays the handshake and frames both ways, for the owner and for the app’s own page', async () => {
    const { client, instanceId } = await learnerWithApp('relay');
    const owner = await connect(`${appPath(instanceId)}?room=1`, {
      origin: ORIGIN,
      cookie: cookieOf(client),
    });
    expect(owner.status).toBe(101);
    owner.send('hello through the proxy');
    await until(() => owner.texts().includes('hello through the proxy'));
    const handshake = seenByApp.headers.at(-1);
    expect(handshake).toMatchObject({
      host: `127.0.0.1:${APP_PORT}`,
      origin: ORIGIN,
      'x-forwarded-prefix': `/api/instances/${instanceId}/app/${APP_PORT}`,
    });
    expect(handshake).not.toHaveProperty('cookie');

    // The learner's sandboxed page: an opaque origin and no cookie, the instance id as the capability.
    const page = await connect(appPath(instanceId), { origin: 'null' });
    expect(page.status).toBe(101);
    page.send('from the preview');
    await until(() => page.texts().includes('from the preview'));
    expect(owner.texts()).not.toContain('from the preview');

    // An app that does not switch protocols: its status reaches the browser, nothing else.
    expect((await connect(appPath(instanceId, APP_PORT, 'missing'), { origin: 'null' })).status).toBe(404);
    owner.socket.destroy();
    page.socket.destroy();
  });

  it('closes the browser’s socket when the app closes, and the app’s when the browser goes', async () => {
    const { instanceId } = await learnerWithApp('closing');
    const byApp = await connect(appPath(instanceId), { origin: 'null' });
    expect(byApp.status).toBe(101);
    byApp.send('bye');
    const closeFrame = () => byApp.frames().find((frame) => frame.opcode === 8);
    await until(() => closeFrame() !== undefined);
    expect(closeFrame()?.payload.readUInt16BE(0)).toBe(4000);
    expect(closeFrame()?.payload.subarray(2).toString()).toBe('bye');
    // The browser answers the close; the app then closes the connection, and the relay the browser's socket.
    byApp.send(Buffer.from([0x0f, 0xa0]), 8);
    await until(() => byApp.isClosed);

    const closesBefore = seenByApp.closes;
    const byBrowser = await connect(appPath(instanceId), { origin: 'null' });
    expect(byBrowser.status).toBe(101);
    byBrowser.socket.destroy();
    await until(() => seenByApp.closes === closesBefore + 1);
    await until(() => (driver.streams.get(instanceId)?.size ?? 0) === 0);
  });

  it('closes the sockets when the instance stops or is reclaimed as idle', async () => {
    const { client, instanceId } = await learnerWithApp('stopping');
    const stopped = await connect(appPath(instanceId), { origin: 'null' });
    expect(stopped.status).toBe(101);
    expect((await client.request('DELETE', `/api/instances/${instanceId}`)).statusCode).toBe(200);
    await until(() => stopped.isClosed);

    const again = await learnerWithApp('idle');
    const idle = await connect(appPath(again.instanceId), { origin: 'null' });
    expect(idle.status).toBe(101);
    idle.send('traffic is not activity');
    await until(() => idle.texts().length === 1);
    clock.advance(31 * 60_000);
    expect((await again.client.get('/api/instances')).json()).toEqual({});
    await until(() => idle.isClosed);
  });
});
