/**
 * The runner process: a small Node process that owns the sandbox slots. The server talks to it over the IPC
 * channel (see runnerProcess.ts). Its configuration arrives as JSON in the first argument.
 */
import type { RunnerConfig } from '../config.js';
import { RunnerError, RunnerErrorCode } from '../errors.js';
import { createRunner } from '../runner.js';
import type { ExecuteRequest, JudgeRequest, ProgramRequest, RunTestsRequest } from '../types.js';
import { closeDescriptors } from './inheritedFds.js';
import type { CallMessage, FromWorker, SerializedError, ToWorker } from './protocol.js';

// Before any sandbox starts: nothing the server's parent left open may reach a sandbox.
closeDescriptors(JSON.parse(process.argv[3] ?? '[]') as number[]);
const config = JSON.parse(process.argv[2] ?? '{}') as RunnerConfig;
const runner = createRunner(config);
const running = new Map<number, AbortController>();
let closing = false;

function send(message: FromWorker): void {
  if (process.connected) process.send?.(message);
}

function serialize(error: unknown): SerializedError {
  if (error instanceof RunnerError) {
    return { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) };
  }
  console.error('runner process: unexpected failure', error);
  return { code: RunnerErrorCode.Internal, message: 'The code runner failed unexpectedly.' };
}

function invoke(message: CallMessage, signal: AbortSignal): Promise<unknown> {
  switch (message.method) {
    case 'execute':
      return runner.execute(message.request as ExecuteRequest, { signal });
    case 'judge':
      return runner.judge(message.request as JudgeRequest, { signal });
    case 'runTests':
      return runner.runTests(message.request as RunTestsRequest, { signal });
    case 'lint':
      return runner.lint(message.request as ProgramRequest, { signal });
    case 'languages':
      return runner.languages();
    case 'status':
      return runner.status();
  }
}

async function call(message: CallMessage): Promise<void> {
  const controller = new AbortController();
  running.set(message.id, controller);
  try {
    const value = await invoke(message, controller.signal);
    send({ type: 'result', id: message.id, value });
  } catch (error) {
    send({ type: 'error', id: message.id, error: serialize(error) });
  } finally {
    running.delete(message.id);
  }
}

async function close(): Promise<void> {
  if (closing) return;
  closing = true;
  await runner.close();
  send({ type: 'closed' });
  if (process.connected) process.disconnect?.();
  process.exit(0);
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'call') void call(message);
  else if (message.type === 'cancel') running.get(message.id)?.abort();
  else if (message.type === 'close') void close();
});
// The server went away (crash or kill): stop every sandbox and leave no cgroup behind.
process.on('disconnect', () => void close());
