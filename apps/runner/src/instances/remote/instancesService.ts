import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  InstanceError,
  InstanceErrorCode,
  type InstanceHandle,
  type LiveInstanceDriver,
  type TerminalSize,
} from '../types.js';
import {
  encodeFrame,
  Frame,
  frameReader,
  fromWire,
  INSTANCE_METHODS,
  INSTANCES_CALL_PATH,
  INSTANCES_HEALTH_PATH,
  INSTANCES_STREAM_PREFIX,
  type InstanceMethod,
  secretMatches,
  toWire,
} from './protocol.js';

// ROLE=instances: one process starts and owns the live instances (bubblewrap or Docker) for the api
// processes, which reach it over HTTP with a shared secret (docs/containers.md). Calls are JSON; a
// terminal or a TCP stream to the learner's app is an HTTP upgrade whose socket then carries its bytes.

const MAX_BODY_BYTES = 64 * 1024 * 1024;

export const InstancesServiceMessages = {
  Unauthorized: 'This instances host needs the shared secret (INSTANCES_SECRET).',
  NotFound: 'Unknown path.',
  BadRequest: 'The body must be JSON: { "method", "handle"?, "args" }.',
  UnknownInstance: 'This instance is not running on this host.',
} as const;

interface Call {
  method: InstanceMethod;
  handle?: InstanceHandle;
  args?: unknown[];
}

export interface InstancesServiceOptions {
  driver: LiveInstanceDriver;
  secret: string;
  log?: (message: string, error?: unknown) => void;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed) return;
  const text = toWire(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function serializeError(error: unknown, log: (message: string, error?: unknown) => void) {
  if (error instanceof InstanceError) return { code: error.code, message: error.message };
  log('instances service: unexpected failure', error);
  return { code: InstanceErrorCode.AgentFailed, message: 'The live instance failed unexpectedly.' };
}

export function createInstancesHttpService(options: InstancesServiceOptions): Server {
  const { driver } = options;
  const secret = Buffer.from(options.secret, 'utf8');
  const log = options.log ?? (() => {});
  // The driver's own handles, by id: callers send back only { id, profile }.
  const handles = new Map<string, InstanceHandle>();
  const handleOf = (sent: InstanceHandle | undefined): InstanceHandle => {
    const handle = sent ? handles.get(sent.id) : undefined;
    if (!handle)
      throw new InstanceError(InstanceErrorCode.NotRunning, InstancesServiceMessages.UnknownInstance);
    return handle;
  };

  // A driver may refuse the status of an instance that is gone; the caller then learns it stopped.
  const statusOf = (handle: InstanceHandle) => {
    try {
      return driver.status(handle);
    } catch {
      return undefined;
    }
  };

  async function invoke(call: Call): Promise<{ value: unknown; status?: unknown }> {
    // JSON has no undefined: an omitted optional argument arrives as null.
    const args = (call.args ?? []).map((arg) => (arg === null ? undefined : arg));
    if (call.method === 'allocate') {
      const handle = await driver.allocate(args[0] as Parameters<LiveInstanceDriver['allocate']>[0]);
      handles.set(handle.id, handle);
      return { value: { id: handle.id, profile: handle.profile }, status: statusOf(handle) };
    }
    if (call.method === 'driverStatus') return { value: await driver.driverStatus() };
    if (call.method === 'reclaimIdle') {
      const stopped = await driver.reclaimIdle();
      for (const id of stopped) handles.delete(id);
      return { value: stopped };
    }
    const handle = handleOf(call.handle);
    let value: unknown;
    switch (call.method) {
      case 'exec':
        value = await driver.exec(handle, args[0] as string | string[], args[1] as never);
        break;
      case 'execCheck':
        value = await driver.execCheck(handle, args[0] as string, args[1] as never);
        break;
      case 'writeFiles':
        value = await driver.writeFiles(handle, args[0] as never);
        break;
      case 'readFile':
        value = await driver.readFile(handle, args[0] as string);
        break;
      case 'ports':
        value = await driver.ports(handle);
        break;
      case 'httpRequest':
        value = await driver.httpRequest(handle, args[0] as never);
        break;
      case 'stop':
        value = await driver.stop(handle);
        handles.delete(handle.id);
        break;
      case 'status':
        break;
    }
    return { value: value ?? null, status: statusOf(handle) };
  }

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      log('instances service: request failed', error);
      answer(response, 500, { message: 'The instances host failed unexpectedly.' });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === INSTANCES_HEALTH_PATH) {
      answer(response, 200, { status: 'ok' });
      return;
    }
    if (path !== INSTANCES_CALL_PATH || request.method !== 'POST') {
      answer(response, 404, { message: InstancesServiceMessages.NotFound });
      return;
    }
    if (!secretMatches(request.headers.authorization, secret)) {
      answer(response, 401, { message: InstancesServiceMessages.Unauthorized });
      return;
    }
    const raw = await readBody(request);
    let call: Call | null = null;
    try {
      call = raw ? fromWire<Call>(raw.toString('utf8')) : null;
    } catch {}
    if (!call || !INSTANCE_METHODS.includes(call.method)) {
      answer(response, 400, { message: InstancesServiceMessages.BadRequest });
      return;
    }
    try {
      answer(response, 200, { ok: true, ...(await invoke(call)) });
    } catch (error) {
      answer(response, 200, { ok: false, error: serializeError(error, log) });
    }
  }

  // Upgrades: the socket becomes the TCP stream (raw) or the terminal (frames).
  server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
    void upgrade(request, socket).catch((error: unknown) => {
      log('instances service: stream failed', error);
      socket.destroy();
    });
  });

  const refuse = (socket: Duplex, status: number, body: unknown) => {
    const text = toWire(body);
    socket.end(
      `HTTP/1.1 ${status} ${status === 200 ? 'OK' : 'Refused'}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
    );
  };

  async function upgrade(request: IncomingMessage, socket: Duplex): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://instances');
    if (!secretMatches(request.headers.authorization, secret)) {
      refuse(socket, 401, { message: InstancesServiceMessages.Unauthorized });
      return;
    }
    const match = url.pathname.slice(INSTANCES_STREAM_PREFIX.length).split('/');
    const [id, kind] = match;
    const instance = url.pathname.startsWith(INSTANCES_STREAM_PREFIX) && id ? handles.get(id) : undefined;
    if (!instance || (kind !== 'tcp' && kind !== 'terminal')) {
      refuse(socket, 200, {
        ok: false,
        error: { code: InstanceErrorCode.NotRunning, message: InstancesServiceMessages.UnknownInstance },
      });
      return;
    }
    const switched = () =>
      socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nupgrade: coderoom-instance\r\nconnection: upgrade\r\n\r\n',
      );
    if (kind === 'tcp') {
      const result = await driver.openTcpStream(instance, {
        port: Number(url.searchParams.get('port')),
        timeoutMs: Number(url.searchParams.get('timeoutMs')) || undefined,
      });
      if (result.kind !== 'open') {
        refuse(socket, 200, { ok: true, value: result });
        return;
      }
      switched();
      socket.pipe(result.stream).pipe(socket);
      const drop = () => {
        result.stream.destroy();
        socket.destroy();
      };
      socket.on('error', drop);
      result.stream.on('error', drop);
      socket.on('close', () => result.stream.destroy());
      result.stream.on('close', () => socket.destroy());
      return;
    }
    let terminal: Awaited<ReturnType<LiveInstanceDriver['openTerminal']>>;
    try {
      const size: TerminalSize = {
        cols: Number(url.searchParams.get('cols')) || 80,
        rows: Number(url.searchParams.get('rows')) || 24,
      };
      terminal = await driver.openTerminal(instance, size);
    } catch (error) {
      refuse(socket, 200, { ok: false, error: serializeError(error, log) });
      return;
    }
    switched();
    socket.write(encodeFrame(Frame.Open, Buffer.from(JSON.stringify({ id: terminal.id }))));
    terminal.onData((data) => socket.write(encodeFrame(Frame.Data, data)));
    terminal.onExit((exitCode) => socket.end(encodeFrame(Frame.Exit, Buffer.from(JSON.stringify(exitCode)))));
    socket.on(
      'data',
      frameReader((type, payload) => {
        if (type === Frame.Data) terminal.write(payload);
        else if (type === Frame.Resize) terminal.resize(JSON.parse(payload.toString()) as TerminalSize);
        else if (type === Frame.Close) terminal.close();
      }),
    );
    socket.on('error', () => terminal.close());
    socket.on('close', () => {
      if (!terminal.exited) terminal.close();
    });
  }

  return server;
}
