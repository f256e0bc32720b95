/**
 * The runner process: a small Node process that owns the sandbox slots. The server talks to it over the IPC
 * channel (see runnerProcess.ts). Its configuration arrives as JSON in the first argument.
 */
import type { RunnerConfig } from '../config.js';
import { createRunner } from '../runner.js';
import { invokeRunner, serializeRunnerError } from './dispatch.js';
import { closeDescriptors } from './inheritedFds.js';
import type { CallMessage, FromWorker, ToWorker } from './protocol.js';

// Before any sandbox starts: nothing the server's parent left open may reach a sandbox.
closeDescriptors(JSON.parse(process.argv[3] ?? '[]') as number[]);
const config = JSON.parse(process.argv[2] ?? '{}') as RunnerConfig;
const runner = createRunner(config);
const running = new Map<number, AbortController>();
let closing = false;

function send(message: FromWorker): void {
  if (process.connected) process.send?.(message);
}

async function call(message: CallMessage): Promise<void> {
  const controller = new AbortController();
  running.set(message.id, controller);
  try {
    const value = await invokeRunner(runner, message.method, message.request, controller.signal);
    send({ type: 'result', id: message.id, value });
  } catch (error) {
    send({ type: 'error', id: message.id, error: serializeRunnerError(error, console.error) });
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
