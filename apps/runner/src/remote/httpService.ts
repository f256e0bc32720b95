import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Runner } from '../runner.js';
import { invokeRunner, serializeRunnerError } from './dispatch.js';
import type { RunnerMethod, SerializedError } from './protocol.js';

// The runner as a network service (ROLE=runner, docs/runner.md "The runner as a service"): API processes
// send their calls over HTTP (TCP or a Unix socket), so they need no bubblewrap of their own and several
// runner hosts share the load. One call is one request; the learner's Cancel (or an API process going
// away) closes the request, which aborts the run.

/** Path of the one call endpoint; the body is `{ method, request }`. */
export const RUNNER_CALL_PATH = '/v1/call';
/** Unauthenticated liveness probe (`{ status: 'ok' }`), for load balancers and orchestrators. */
export const RUNNER_HEALTH_PATH = '/v1/health';
/** Large enough for every request the runner itself accepts (it validates sizes again). */
export const RUNNER_MAX_BODY_BYTES = 16 * 1024 * 1024;

const METHODS: readonly RunnerMethod[] = ['execute', 'judge', 'runTests', 'lint', 'languages', 'status'];

/** What a runner host answers for a call: the runner's result, or its error with code and message. */
export type CallAnswer = { ok: true; value: unknown } | { ok: false; error: SerializedError };

/** Transport-level refusals (not runner errors): the client must not retry them elsewhere. */
export const RunnerServiceMessages = {
  Unauthorized: 'This runner host needs the shared secret (RUNNER_SECRET).',
  NotFound: 'Unknown path.',
  BadRequest: 'The body must be JSON: { "method": one of the runner methods, "request": … }.',
  TooLarge: 'The request is too large.',
  Closing: 'This runner host is shutting down.',
} as const;

export interface RunnerServiceOptions {
  runner: Runner;
  /** Shared with every API process (RUNNER_SECRET); at least 16 characters. */
  secret: string;
  log?: (message: string, error?: unknown) => void;
}

function secretMatches(header: string | undefined, secret: Buffer): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const sent = Buffer.from(header.slice('Bearer '.length), 'utf8');
  return sent.length === secret.length && timingSafeEqual(sent, secret);
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  if (response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function readBody(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > RUNNER_MAX_BODY_BYTES) {
        resolve(null);
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(size > RUNNER_MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * An HTTP server answering runner calls. Listen on a TCP port or a Unix socket path; `close()` on the
 * returned server stops taking calls (the caller closes the runner afterwards).
 */
export function createRunnerHttpService(options: RunnerServiceOptions): Server {
  const secret = Buffer.from(options.secret, 'utf8');
  let closing = false;
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      options.log?.('runner service: request failed', error);
      answer(response, 500, { message: 'The code runner failed unexpectedly.' });
    });
  });
  server.on('close', () => {
    closing = true;
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path === RUNNER_HEALTH_PATH) {
      answer(response, closing ? 503 : 200, { status: closing ? 'closing' : 'ok' });
      return;
    }
    if (path !== RUNNER_CALL_PATH || request.method !== 'POST') {
      answer(response, 404, { message: RunnerServiceMessages.NotFound });
      return;
    }
    if (!secretMatches(request.headers.authorization, secret)) {
      answer(response, 401, { message: RunnerServiceMessages.Unauthorized });
      return;
    }
    if (closing) {
      answer(response, 503, { message: RunnerServiceMessages.Closing });
      return;
    }
    const raw = await readBody(request);
    if (raw === null) {
      answer(response, 413, { message: RunnerServiceMessages.TooLarge });
      return;
    }
    let call: { method?: unknown; request?: unknown };
    try {
      call = JSON.parse(raw.toString('utf8')) as typeof call;
    } catch {
      answer(response, 400, { message: RunnerServiceMessages.BadRequest });
      return;
    }
    const method = call?.method;
    if (typeof method !== 'string' || !METHODS.includes(method as RunnerMethod)) {
      answer(response, 400, { message: RunnerServiceMessages.BadRequest });
      return;
    }
    // The caller went away (Cancel, a timeout, an API process that died): stop the run.
    const controller = new AbortController();
    const onClose = () => {
      if (!response.writableFinished) controller.abort();
    };
    response.on('close', onClose);
    let result: CallAnswer;
    try {
      result = {
        ok: true,
        value: await invokeRunner(options.runner, method as RunnerMethod, call.request, controller.signal),
      };
    } catch (error) {
      result = { ok: false, error: serializeRunnerError(error, options.log ?? (() => {})) };
    }
    answer(response, 200, result);
  }

  return server;
}
