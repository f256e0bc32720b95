import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { DEFAULT_INSTANCE_LIMITS } from '../limits.js';
import {
  InstanceError,
  InstanceErrorCode,
  type InstanceHandle,
  type InstanceStatus,
  type LiveInstanceDriver,
  type TcpStreamResult,
  type TerminalSession,
  type TerminalSize,
} from '../types.js';
import {
  encodeFrame,
  Frame,
  frameReader,
  fromWire,
  INSTANCES_CALL_PATH,
  INSTANCES_STREAM_PREFIX,
  INSTANCES_UPGRADE,
  type InstanceMethod,
  toWire,
} from './protocol.js';

// The api side of ROLE=instances (docs/containers.md "Instances as a service"): the LiveInstanceDriver
// interface over HTTP to the one instances host that owns them. The containers module is unchanged; the
// app proxy still runs in the api process and reaches the learner's app through httpRequest and
// openTcpStream, which this driver relays to the host.

export const RemoteInstanceMessages = {
  Unreachable: 'The live instances host cannot be reached right now. Please try again in a moment.',
  Refused: 'The live instances host refused this server (INSTANCES_SECRET differs).',
} as const;

export interface RemoteInstanceDriverOptions {
  /** `http://host:port` or `unix:/path/to.sock`. */
  address: string;
  secret: string;
  /** A call with no answer after this long fails (default 120 s; execs are capped below it). */
  timeoutMs?: number;
}

type Answer =
  | { ok: true; value: unknown; status?: InstanceStatus }
  | { ok: false; error: { code: string; message: string } };

function targetOf(address: string): { socketPath: string } | { host: string; port: number } {
  if (address.startsWith('unix:')) return { socketPath: address.slice('unix:'.length) };
  const url = new URL(address);
  return { host: url.hostname, port: Number(url.port || 80) };
}

function unreachable(): InstanceError {
  return new InstanceError(InstanceErrorCode.Unavailable, RemoteInstanceMessages.Unreachable);
}

export function createRemoteInstanceDriver(options: RemoteInstanceDriverOptions): LiveInstanceDriver {
  const target = targetOf(options.address);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const authorization = `Bearer ${options.secret}`;
  // status() is synchronous in the interface: every answer about an instance carries its status.
  const statuses = new Map<string, InstanceStatus>();

  const readAnswer = (response: IncomingMessage): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => reject(unreachable()));
      response.on('end', () => {
        if (response.statusCode === 401) {
          reject(new InstanceError(InstanceErrorCode.Unavailable, RemoteInstanceMessages.Refused));
          return;
        }
        try {
          if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
          resolve(fromWire<Answer>(Buffer.concat(chunks).toString('utf8')));
        } catch {
          reject(unreachable());
        }
      });
    });

  const markStopped = (handle: InstanceHandle) => {
    const known = statuses.get(handle.id);
    if (known)
      statuses.set(handle.id, { ...known, state: 'stopped', stopReason: known.stopReason ?? 'requested' });
  };

  const settle = (answer: Answer, handle?: InstanceHandle): unknown => {
    if (!answer.ok) throw new InstanceError(answer.error.code as InstanceErrorCode, answer.error.message);
    if (answer.status) statuses.set(answer.status.id, answer.status);
    else if (handle) markStopped(handle);
    return answer.value;
  };

  async function call<T>(method: InstanceMethod, handle?: InstanceHandle, ...args: unknown[]): Promise<T> {
    const body = toWire({ method, handle: handle && { id: handle.id, profile: handle.profile }, args });
    const answer = await new Promise<Answer>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          ...target,
          agent,
          method: 'POST',
          path: INSTANCES_CALL_PATH,
          headers: {
            authorization,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => readAnswer(response).then(resolve, reject),
      );
      outgoing.setTimeout(timeoutMs, () => outgoing.destroy());
      outgoing.on('error', () => reject(unreachable()));
      outgoing.end(body);
    });
    return settle(answer, handle) as T;
  }

  /** Opens an upgraded connection to the host; a non-upgrade answer is the host's JSON refusal. */
  const openStream = (path: string): Promise<{ socket: Duplex; head: Buffer } | Answer> =>
    new Promise((resolve, reject) => {
      const outgoing = httpRequest({
        ...target,
        method: 'GET',
        path,
        headers: { authorization, connection: 'upgrade', upgrade: INSTANCES_UPGRADE },
      });
      outgoing.on('upgrade', (_response, socket, head) => resolve({ socket, head }));
      outgoing.on('response', (response) => readAnswer(response).then(resolve, reject));
      outgoing.setTimeout(timeoutMs, () => outgoing.destroy());
      outgoing.on('error', () => reject(unreachable()));
      outgoing.end();
    });

  const streamPath = (handle: InstanceHandle, kind: string, query: Record<string, number | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    return `${INSTANCES_STREAM_PREFIX}${encodeURIComponent(handle.id)}/${kind}?${search}`;
  };

  return {
    kind: 'remote',
    allocate: (request) => call('allocate', undefined, request),
    exec: (handle, command, execOptions) => call('exec', handle, command, execOptions),
    execCheck: (handle, script, checkOptions) => call('execCheck', handle, script, checkOptions),
    writeFiles: async (handle, files) => {
      await call('writeFiles', handle, files);
    },
    readFile: (handle, path) => call('readFile', handle, path),
    ports: (handle) => call('ports', handle),
    httpRequest: (handle, relay) => call('httpRequest', handle, relay),
    stop: async (handle) => {
      await call('stop', handle);
    },
    status(handle) {
      // The last status the host sent; refreshed in the background for the next reader.
      void call('status', handle).catch((error: unknown) => {
        if (error instanceof InstanceError && error.code === InstanceErrorCode.NotRunning)
          markStopped(handle);
      });
      const known = statuses.get(handle.id);
      if (known) return known;
      return {
        id: handle.id,
        profile: handle.profile,
        state: 'starting',
        stopReason: null,
        lastActivityAt: Date.now(),
        limits: DEFAULT_INSTANCE_LIMITS,
        enforcement: 'remote',
        oomKills: 0,
        processLimitHits: 0,
        workspace: null,
        cpu: { enforcement: 'remote', quotaPercent: null, usageMs: null, throttledPeriods: 0 },
      };
    },
    driverStatus: () => call('driverStatus'),
    reclaimIdle: () => call('reclaimIdle'),
    async openTcpStream(handle, request): Promise<TcpStreamResult> {
      const opened = await openStream(
        streamPath(handle, 'tcp', { port: request.port, timeoutMs: request.timeoutMs }),
      );
      if (!('socket' in opened)) return settle(opened) as TcpStreamResult;
      if (opened.head.length > 0) opened.socket.unshift(opened.head);
      return { kind: 'open', stream: opened.socket };
    },
    async openTerminal(handle, size: TerminalSize): Promise<TerminalSession> {
      const opened = await openStream(streamPath(handle, 'terminal', { cols: size.cols, rows: size.rows }));
      if (!('socket' in opened)) {
        settle(opened);
        throw unreachable();
      }
      return remoteTerminal(opened.socket, opened.head);
    },
    async close() {
      agent.destroy();
    },
  };
}

/** A terminal whose shell runs on the instances host; frames carry its bytes both ways. */
function remoteTerminal(socket: Duplex, head: Buffer): Promise<TerminalSession> {
  return new Promise((resolve, reject) => {
    const dataListeners: Array<(data: Buffer) => void> = [];
    const exitListeners: Array<(code: number | null) => void> = [];
    let exited = false;
    let session: TerminalSession | null = null;
    const finish = (code: number | null) => {
      if (exited) return;
      exited = true;
      for (const listener of exitListeners) listener(code);
    };
    const read = frameReader((type, payload) => {
      if (type === Frame.Open && !session) {
        const { id } = JSON.parse(payload.toString()) as { id: number };
        session = {
          id,
          onData: (listener) => dataListeners.push(listener),
          onExit: (listener) => exitListeners.push(listener),
          write: (data) => socket.write(encodeFrame(Frame.Data, Buffer.from(data))),
          resize: (next) => socket.write(encodeFrame(Frame.Resize, Buffer.from(JSON.stringify(next)))),
          close: () => {
            if (!exited) socket.end(encodeFrame(Frame.Close, Buffer.alloc(0)));
          },
          get exited() {
            return exited;
          },
        };
        resolve(session);
      } else if (type === Frame.Data) for (const listener of dataListeners) listener(payload);
      else if (type === Frame.Exit) finish(JSON.parse(payload.toString()) as number | null);
    });
    socket.on('data', read);
    socket.on('error', () => finish(null));
    socket.on('close', () => {
      if (!session) reject(unreachable());
      finish(null);
    });
    if (head.length > 0) read(head);
  });
}
