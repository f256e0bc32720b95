import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunnerConfig, resolveConfig } from '../config.js';
import { RunnerError, RunnerErrorCode, RunnerMessages } from '../errors.js';
import type { Runner } from '../runner.js';
import { killSandboxesOwnedBy } from '../sandbox/sandbox.js';
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
import { inheritableFds } from './inheritedFds.js';
import type { FromWorker, RunnerMethod, ToWorker } from './protocol.js';

/** The runner in a process of its own, plus what tests and operators need to watch it. */
export interface RunnerProcess extends Runner {
  /** The runner process's pid, null while none runs (before the first start or after a crash). */
  pid(): number | null;
}

export const RunnerProcessMessages = {
  Crashed: 'The code runner stopped unexpectedly. Please run your code again.',
} as const;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  cleanup(): void;
}

/** From sources (tests, tsx) the worker is TypeScript and needs tsx's loader; built, it is plain JS. */
function workerEntry(): { path: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const path = fileURLToPath(new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url));
  return { path, execArgv: fromSource ? ['--import', 'tsx'] : [] };
}

/**
 * Runs the runner in a child process and answers the Runner interface over Node's IPC channel.
 *
 * Why: every sandbox starts with a fork, and forking copies the parent's page tables. From the server
 * (PGlite and the app loaded, ~570 MB resident) one `spawn` blocked the event loop for about 21 ms, from a
 * 50 MB process for under 3 ms (docs/runner.md). The runner process stays small, so sandboxes start fast
 * and the API's event loop never pays for them. The process is started at once and restarted on the next
 * call if it dies; calls in flight when it dies fail with a clear message instead of hanging.
 */
export function createRunnerProcess(config: RunnerConfig = {}): RunnerProcess {
  const entry = workerEntry();
  const resolved = resolveConfig(config);
  const pending = new Map<number, Pending>();
  let child: ChildProcess | null = null;
  let nextId = 1;
  let closed = false;
  let closing: Promise<void> | null = null;

  const failAll = (error: RunnerError) => {
    for (const [id, call] of pending) {
      pending.delete(id);
      call.cleanup();
      call.reject(error);
    }
  };

  /** Keeps the host process alive only while calls are waiting for an answer. */
  const refWhileBusy = () => {
    const channel = child?.channel as { ref?(): void; unref?(): void } | undefined;
    if (pending.size > 0) channel?.ref?.();
    else channel?.unref?.();
  };

  const start = (): ChildProcess => {
    // The descriptors the runner process inherits from this one without wanting them (see worker.ts).
    const started = fork(entry.path, [JSON.stringify(config), JSON.stringify(inheritableFds())], {
      execArgv: entry.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    started.on('message', (message: FromWorker) => {
      if (message.type === 'closed') return;
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      call.cleanup();
      if (message.type === 'result') call.resolve(message.value);
      else call.reject(new RunnerError(message.error.code, message.error.message, message.error.field));
      refWhileBusy();
    });
    started.once('exit', () => {
      if (child === started) child = null;
      // Sandboxes the dead process was watching must not outlive it (see killSandboxesOwnedBy).
      if (!closed) killSandboxesOwnedBy(resolved.uidBase, resolved.uidBase + resolved.slots);
      failAll(
        closed
          ? new RunnerError(RunnerErrorCode.Closed, RunnerMessages.Closed)
          : new RunnerError(RunnerErrorCode.Internal, RunnerProcessMessages.Crashed),
      );
    });
    // A failed send (the process just died) is reported by 'exit'.
    started.on('error', () => {});
    started.unref();
    return started;
  };

  const post = (message: ToWorker) => {
    if (child?.connected) child.send(message, (error) => error && undefined);
  };

  function call<T>(method: RunnerMethod, request?: unknown, options?: RunOptions): Promise<T> {
    if (closed) return Promise.reject(new RunnerError(RunnerErrorCode.Closed, RunnerMessages.Closed));
    if (options?.signal?.aborted) {
      return Promise.reject(new RunnerError(RunnerErrorCode.Cancelled, RunnerMessages.Cancelled));
    }
    child ??= start();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => post({ type: 'cancel', id });
      options?.signal?.addEventListener('abort', onAbort, { once: true });
      pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        cleanup: () => options?.signal?.removeEventListener('abort', onAbort),
      });
      refWhileBusy();
      post({ type: 'call', id, method, request });
    });
  }

  child = start();
  child.channel?.unref();

  return {
    pid: () => child?.pid ?? null,
    execute: (request: ExecuteRequest, options?: RunOptions) =>
      call<ExecuteResult>('execute', request, options),
    judge: (request: JudgeRequest, options?: RunOptions) => call<JudgeResult>('judge', request, options),
    runTests: (request: RunTestsRequest, options?: RunOptions) =>
      call<RunTestsResult>('runTests', request, options),
    lint: (request: ProgramRequest, options?: RunOptions) => call<LintResult>('lint', request, options),
    languages: () => call<LanguageAvailability[]>('languages'),
    status: () => call<RunnerStatus>('status'),
    close() {
      if (closing) return closing;
      closed = true;
      const running = child;
      closing = new Promise<void>((resolve) => {
        if (!running || running.exitCode !== null || running.signalCode !== null) {
          resolve();
          return;
        }
        running.channel?.ref();
        const forced = setTimeout(() => running.kill('SIGKILL'), 15_000);
        running.once('exit', () => {
          clearTimeout(forced);
          resolve();
        });
        post({ type: 'close' });
      });
      return closing;
    },
  };
}
