import type { OrganizationOperation } from '@coderoom/contracts';
import { ErrorMessages, POLLING_INTERVAL_MS, POLLING_MAX_RETRIES } from '@coderoom/domain';

export interface PollOptions {
  intervalMs?: number;
  maxRetries?: number;
  /** Called once the operation has run past its first poll: show the "taking longer" info. */
  onSlow?: () => void;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spec 001 §4 / 002 §4.8: polls an asynchronous operation until the server releases its lock, every
 * 5000 ms up to 15 times, then gives up with the timeout message. Answers the finished operation.
 */
export async function pollOperation(
  fetchOperation: () => Promise<OrganizationOperation>,
  options: PollOptions = {},
): Promise<OrganizationOperation> {
  const interval = options.intervalMs ?? POLLING_INTERVAL_MS;
  const retries = options.maxRetries ?? POLLING_MAX_RETRIES;
  const wait = options.wait ?? sleep;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    const operation = await fetchOperation();
    if (operation.state !== 'running') return operation;
    if (attempt === 1) options.onSlow?.();
    if (attempt < retries) await wait(interval);
  }
  throw new Error(ErrorMessages.UserAddTimeout);
}

/** The message for a finished operation: the spec's default success, or its failure text. */
export function operationMessage(operation: OrganizationOperation): string {
  if (operation.state === 'done') return ErrorMessages.DefaultSuccess;
  return operation.result?.error ?? ErrorMessages.DefaultFailure;
}
