import type { RunnerErrorCode } from '../errors.js';

/**
 * Messages between the server and its runner process (Node's IPC channel, JSON). Every call carries an id;
 * the answer carries the same id. A cancel names the call it stops.
 */
export type RunnerMethod = 'execute' | 'judge' | 'runTests' | 'lint' | 'languages' | 'status';

export interface CallMessage {
  type: 'call';
  id: number;
  method: RunnerMethod;
  request?: unknown;
}

export interface CancelMessage {
  type: 'cancel';
  id: number;
}

export interface CloseMessage {
  type: 'close';
}

export type ToWorker = CallMessage | CancelMessage | CloseMessage;

export interface SerializedError {
  code: RunnerErrorCode;
  message: string;
  field?: string;
}

export type FromWorker =
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SerializedError }
  | { type: 'closed' };
