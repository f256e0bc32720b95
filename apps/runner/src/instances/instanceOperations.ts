import { MiB } from '../config.js';
import type { AgentConnection, PtyListeners } from './agentConnection.js';
import { AgentTcpStream } from './agentStream.js';
import { checkFiles } from './instanceSandbox.js';
import { isSafeWorkspacePath } from './profiles.js';
import {
  type ExecOptions,
  type ExecResult,
  type HttpRelayRequest,
  type HttpRelayResult,
  InstanceError,
  InstanceErrorCode,
  type InstanceFile,
  type InstanceLimits,
  type TcpStreamRequest,
  type TcpStreamResult,
  type TerminalSession,
  type TerminalSize,
} from './types.js';

// What the driver does inside a running instance, as requests to its agent: run a command, read and
// write workspace files, list listening ports, open a terminal, relay HTTP to the learner's app and open
// TCP streams to it. Each checks its input first; the agent refuses what it cannot do.

/** Largest answer of the learner's app relayed to the browser. */
const HTTP_RELAY_MAX_BYTES = 4 * MiB;
const HTTP_RELAY_TIMEOUT_MS = 10_000;
/** How long connecting to the learner's app for a TCP stream may take. */
const TCP_CONNECT_TIMEOUT_MS = 5000;
/** An app that takes none of the bytes sent to it for this long loses the connection. */
const TCP_WRITE_STALL_MS = 5 * 60_000;

/** The instance an operation runs in, as the operation sees it. */
export interface OperationTarget {
  agent: AgentConnection;
  limits: InstanceLimits;
  isRunning(): boolean;
  /** Marks the instance as used now (it is not reclaimed as idle). */
  touch(): void;
}

function checkPort(port: number): void {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new InstanceError(InstanceErrorCode.InvalidRequest, `invalid port ${port}`);
  }
}

/** Runs a command in the workspace; the instance counts as used once it finished. */
export async function execIn(
  target: OperationTarget,
  command: string | string[],
  options: ExecOptions,
): Promise<ExecResult> {
  const { agent, limits } = target;
  const argv = typeof command === 'string' ? ['/bin/sh', '-c', command] : command;
  if (argv.length === 0) throw new InstanceError(InstanceErrorCode.InvalidRequest, 'empty command');
  if (options.cwd !== undefined && options.cwd !== '.' && !isSafeWorkspacePath(options.cwd)) {
    throw new InstanceError(InstanceErrorCode.InvalidRequest, `invalid working directory: ${options.cwd}`);
  }
  const timeoutMs = Math.max(1, Math.min(options.timeoutMs ?? limits.execTimeoutMs, limits.execTimeoutMs));
  const started = performance.now();
  const reply = await agent.request(
    {
      op: 'exec',
      argv,
      cwd: options.cwd ?? '.',
      stdin: Buffer.from(options.stdin ?? '').toString('base64'),
      timeoutMs,
      outputBytes: limits.outputBytes,
    },
    timeoutMs + 5000,
  );
  target.touch();
  const decode = (value: unknown) => Buffer.from(String(value ?? ''), 'base64').toString('utf8');
  return {
    exitCode: typeof reply.exitCode === 'number' ? reply.exitCode : null,
    signal: typeof reply.signal === 'string' ? reply.signal : null,
    stdout: decode(reply.stdout),
    stderr: decode(reply.stderr),
    stdoutTruncated: reply.stdoutTruncated === true,
    stderrTruncated: reply.stderrTruncated === true,
    timedOut: reply.timedOut === true,
    wallMs: Math.round(performance.now() - started),
  };
}

export async function writeFilesIn({ agent }: OperationTarget, files: InstanceFile[]): Promise<void> {
  checkFiles(files);
  for (const file of files) {
    await agent.request(
      {
        op: 'write',
        path: file.path,
        content: Buffer.from(file.content).toString('base64'),
        mode: file.mode ?? 0o644,
      },
      10_000,
    );
  }
}

export async function readFileIn({ agent }: OperationTarget, path: string): Promise<Buffer | null> {
  checkFiles([{ path, content: '' }]);
  const reply = await agent.request({ op: 'read', path, maxBytes: 4 * MiB }, 10_000);
  return reply.missing === true ? null : Buffer.from(String(reply.content ?? ''), 'base64');
}

export async function portsIn({ agent }: OperationTarget): Promise<number[]> {
  const reply = await agent.request({ op: 'ports' }, 10_000);
  return Array.isArray(reply.ports) ? reply.ports.filter((port) => typeof port === 'number') : [];
}

export async function openTerminalIn(target: OperationTarget, size: TerminalSize): Promise<TerminalSession> {
  const { agent } = target;
  const reply = await agent.request({ op: 'pty_open', cols: size.cols, rows: size.rows }, 10_000);
  const id = Number(reply.pty);
  const listeners: PtyListeners = { data: [], exit: [], ended: false };
  agent.terminals.set(id, listeners);
  // Writes are fire-and-forget in order; a failed one (the shell just exited) surfaces as the exit event.
  const send = (body: Record<string, unknown>) => {
    if (listeners.ended || !target.isRunning()) return;
    target.touch();
    agent.request({ ...body, pty: id }, 10_000).catch(() => undefined);
  };
  return {
    id,
    onData: (listener) => {
      listeners.data.push(listener);
    },
    onExit: (listener) => {
      if (listeners.ended) listener(null);
      else listeners.exit.push(listener);
    },
    write: (data) => send({ op: 'pty_write', data: Buffer.from(data).toString('base64') }),
    resize: ({ cols, rows }) => send({ op: 'pty_resize', cols, rows }),
    close: () => send({ op: 'pty_close' }),
    get exited() {
      return listeners.ended;
    },
  };
}

/** Relays one HTTP request to the learner's app; the instance counts as used once it answered. */
export async function httpRequestIn(
  target: OperationTarget,
  request: HttpRelayRequest,
): Promise<HttpRelayResult> {
  const { agent, limits } = target;
  checkPort(request.port);
  if (
    !request.path.startsWith('/') ||
    /[\r\n\s]/.test(request.path) ||
    !/^[A-Z]{1,16}$/.test(request.method)
  ) {
    throw new InstanceError(InstanceErrorCode.InvalidRequest, 'invalid request line');
  }
  const timeoutMs = Math.min(request.timeoutMs ?? HTTP_RELAY_TIMEOUT_MS, limits.execTimeoutMs);
  const reply = await agent.request(
    {
      op: 'http',
      port: request.port,
      method: request.method,
      path: request.path,
      headers: request.headers.filter(([name, value]) => !/[\r\n]/.test(name + value)),
      body: (request.body ?? Buffer.alloc(0)).toString('base64'),
      timeoutMs,
      maxBytes: Math.min(request.maxBytes ?? HTTP_RELAY_MAX_BYTES, HTTP_RELAY_MAX_BYTES),
    },
    timeoutMs + 5000,
  );
  target.touch();
  if (reply.failure === 'refused') return { kind: 'refused' };
  if (reply.failure === 'timeout') return { kind: 'timeout' };
  if (reply.failure) return { kind: 'error', message: String(reply.message ?? 'the app failed') };
  const headers = Array.isArray(reply.headers)
    ? (reply.headers as unknown[]).filter(
        (pair): pair is [string, string] =>
          Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
      )
    : [];
  return {
    kind: 'response',
    status: Number(reply.status),
    headers,
    body: Buffer.from(String(reply.body ?? ''), 'base64'),
    truncated: reply.truncated === true,
  };
}

export async function openTcpStreamIn(
  target: OperationTarget,
  request: TcpStreamRequest,
): Promise<TcpStreamResult> {
  const { agent, limits } = target;
  checkPort(request.port);
  const timeoutMs = Math.min(request.timeoutMs ?? TCP_CONNECT_TIMEOUT_MS, limits.execTimeoutMs);
  const channel = {
    request: (body: Record<string, unknown>) => agent.request(body, TCP_WRITE_STALL_MS),
    notify: (body: Record<string, unknown>) => {
      if (target.isRunning()) agent.request(body, 10_000).catch(() => undefined);
    },
  };
  let opened: AgentTcpStream | null = null;
  // The stream is registered as its answer is read: its first bytes may follow in the same chunk.
  const reply = await agent.request(
    { op: 'tcp_open', port: request.port, timeoutMs },
    timeoutMs + 5000,
    (answer) => {
      if (answer.failure) return;
      const id = Number(answer.stream);
      const stream = new AgentTcpStream(id, channel, () => agent.streams.delete(id));
      agent.streams.set(id, stream);
      opened = stream;
    },
  );
  if (reply.failure === 'refused') return { kind: 'refused' };
  if (reply.failure === 'timeout') return { kind: 'timeout' };
  if (reply.failure || opened === null) {
    return { kind: 'error', message: String(reply.message ?? 'the connection failed') };
  }
  return { kind: 'open', stream: opened };
}
