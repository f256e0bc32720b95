import { Agent, request as httpRequest } from 'node:http';
import { RunnerError, RunnerErrorCode, RunnerMessages } from '../errors.js';
import type { Runner } from '../runner.js';
import type {
  ExecuteRequest,
  ExecuteResult,
  JudgeRequest,
  JudgeResult,
  LanguageAvailability,
  LintResult,
  ProgramRequest,
  RunnerStatus,
  RunOptions,
  RunTestsRequest,
  RunTestsResult,
} from '../types.js';
import { type CallAnswer, RUNNER_CALL_PATH } from './httpService.js';
import type { RunnerMethod } from './protocol.js';

// The API side of the runner service (docs/runner.md "The runner as a service"): the Runner interface over
// HTTP to one or more runner hosts. Each call goes to the reachable host with the fewest calls in flight
// from this process. A host that cannot be reached, or drops a call before answering, is taken out for a
// while and the call is sent to another one: a run has no effect outside its sandbox, so sending it again
// is safe. A host whose slots and queue are all taken (queue_full) stays in, and the call is offered to the
// other hosts before the learner is told the runner is busy. Every other answer of a runner (errors
// included) is final and never retried.

export const RemoteRunnerMessages = {
  NoHost: 'The code runner cannot be reached right now. Please run your code again in a moment.',
  Refused: 'The code runner refused this server (RUNNER_SECRET differs).',
} as const;

export interface RemoteRunnerHost {
  /** As configured: `http://host:port` or `unix:/path/to.sock`. */
  readonly address: string;
  /** Calls from this process waiting for this host's answer. */
  readonly inFlight: number;
  /** Whether the host is taken out (unreachable recently). */
  readonly down: boolean;
}

export interface RemoteRunner extends Runner {
  hosts(): RemoteRunnerHost[];
}

export interface RemoteRunnerOptions {
  /** `http://host:port` or `unix:/path/to/runner.sock`, one per runner host. */
  addresses: readonly string[];
  secret: string;
  /** How long a host that failed stays out before it is tried again (default 5 s). */
  downForMs?: number;
  /** A call with no answer after this long is abandoned (default 120 s; runs are capped at 30 s). */
  timeoutMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

interface HostState {
  address: string;
  target: { socketPath: string } | { host: string; port: number };
  inFlight: number;
  downUntil: number;
}

/** Thrown by one attempt when the host, not the runner, failed: the call may go to another host. */
class HostFailure extends Error {}

function targetOf(address: string): HostState['target'] {
  if (address.startsWith('unix:')) return { socketPath: address.slice('unix:'.length) };
  const url = new URL(address);
  if (url.protocol !== 'http:')
    throw new Error(`runner address ${address}: expected http://host:port or unix:/path`);
  return { host: url.hostname, port: Number(url.port || 80) };
}

export function createRemoteRunner(options: RemoteRunnerOptions): RemoteRunner {
  if (options.addresses.length === 0) throw new Error('createRemoteRunner: no runner address');
  const now = options.now ?? Date.now;
  const downForMs = options.downForMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const hosts: HostState[] = options.addresses.map((address) => ({
    address,
    target: targetOf(address),
    inFlight: 0,
    downUntil: 0,
  }));
  let closed = false;
  let turn = 0;

  /** Reachable hosts not tried yet for this call, fewest in flight first (ties taken in turn). */
  const pick = (tried: Set<HostState>): HostState | null => {
    const at = now();
    const candidates = hosts.filter((host) => !tried.has(host) && host.downUntil <= at);
    if (candidates.length === 0) return null;
    turn = (turn + 1) % hosts.length;
    candidates.sort(
      (a, b) =>
        a.inFlight - b.inFlight ||
        ((hosts.indexOf(a) - turn + hosts.length) % hosts.length) -
          ((hosts.indexOf(b) - turn + hosts.length) % hosts.length),
    );
    return candidates[0] ?? null;
  };

  const attempt = (host: HostState, body: string, signal: AbortSignal | undefined): Promise<CallAnswer> =>
    new Promise<CallAnswer>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          ...host.target,
          agent,
          method: 'POST',
          path: RUNNER_CALL_PATH,
          headers: {
            authorization: `Bearer ${options.secret}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', () => reject(new HostFailure('answer interrupted')));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (response.statusCode === 401) {
              reject(new RunnerError(RunnerErrorCode.Internal, RemoteRunnerMessages.Refused));
              return;
            }
            if (response.statusCode !== 200) {
              // 503 (shutting down), 502/504 from a proxy, anything unexpected: this host, not the run.
              reject(new HostFailure(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`));
              return;
            }
            try {
              resolve(JSON.parse(text) as CallAnswer);
            } catch {
              reject(new HostFailure('answer is not JSON'));
            }
          });
        },
      );
      const onAbort = () => {
        outgoing.destroy();
        reject(new RunnerError(RunnerErrorCode.Cancelled, RunnerMessages.Cancelled));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new HostFailure('no answer in time')));
      outgoing.on('error', (error) =>
        reject(error instanceof RunnerError ? error : new HostFailure(error.message)),
      );
      outgoing.on('close', () => signal?.removeEventListener('abort', onAbort));
      outgoing.end(body);
    });

  async function call<T>(method: RunnerMethod, request?: unknown, runOptions?: RunOptions): Promise<T> {
    if (closed) throw new RunnerError(RunnerErrorCode.Closed, RunnerMessages.Closed);
    const signal = runOptions?.signal;
    if (signal?.aborted) throw new RunnerError(RunnerErrorCode.Cancelled, RunnerMessages.Cancelled);
    const body = JSON.stringify({ method, request });
    const tried = new Set<HostState>();
    let busy: RunnerError | null = null;
    for (let host = pick(tried); host !== null; host = pick(tried)) {
      tried.add(host);
      host.inFlight += 1;
      try {
        const answer = await attempt(host, body, signal);
        if (answer.ok) return answer.value as T;
        const refused = new RunnerError(answer.error.code, answer.error.message, answer.error.field);
        if (refused.code !== RunnerErrorCode.QueueFull) throw refused;
        // This host is full; another may have room. The run never started, so offering it again is safe.
        busy = refused;
      } catch (error) {
        if (!(error instanceof HostFailure)) throw error;
        host.downUntil = now() + downForMs;
        options.log?.(`runner host ${host.address} taken out for ${downForMs} ms`, error);
      } finally {
        host.inFlight -= 1;
      }
    }
    if (busy) throw busy;
    throw new RunnerError(RunnerErrorCode.SandboxUnavailable, RemoteRunnerMessages.NoHost);
  }

  return {
    hosts: () =>
      hosts.map((host) => ({ address: host.address, inFlight: host.inFlight, down: host.downUntil > now() })),
    execute: (request: ExecuteRequest, runOptions?: RunOptions) =>
      call<ExecuteResult>('execute', request, runOptions),
    judge: (request: JudgeRequest, runOptions?: RunOptions) =>
      call<JudgeResult>('judge', request, runOptions),
    runTests: (request: RunTestsRequest, runOptions?: RunOptions) =>
      call<RunTestsResult>('runTests', request, runOptions),
    lint: (request: ProgramRequest, runOptions?: RunOptions) => call<LintResult>('lint', request, runOptions),
    languages: () => call<LanguageAvailability[]>('languages'),
    status: () => call<RunnerStatus>('status'),
    async close() {
      closed = true;
      agent.destroy();
    },
  };
}
