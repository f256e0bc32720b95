/**
 * Failures the server maps to HTTP answers. Each code has one suggested status so the mapping lives in one
 * table on the server side; the message is written for the learner.
 */
export const RunnerErrorCode = {
  /** The request is malformed (unknown language, empty source, bad file name, too large…). → 400 */
  InvalidRequest: 'invalid_request',
  /** The language's toolchain is not installed on this host. → 400 (or 503 if the language is expected) */
  LanguageUnavailable: 'language_unavailable',
  /** The host cannot create the sandbox's namespaces; no user code runs at all. → 503 */
  SandboxUnavailable: 'sandbox_unavailable',
  /** Every slot is busy and the waiting queue is full. → 429 */
  QueueFull: 'queue_full',
  /** The caller's AbortSignal fired (the learner pressed Cancel or went away). → 499, nothing to send */
  Cancelled: 'cancelled',
  /** close() was called. → 503 */
  Closed: 'closed',
  /** A bug or an unexpected host failure. → 500 */
  Internal: 'internal',
} as const;
export type RunnerErrorCode = (typeof RunnerErrorCode)[keyof typeof RunnerErrorCode];

export const RunnerErrorStatus: Record<RunnerErrorCode, number> = {
  invalid_request: 400,
  language_unavailable: 400,
  sandbox_unavailable: 503,
  queue_full: 429,
  cancelled: 499,
  closed: 503,
  internal: 500,
};

export const RunnerMessages = {
  QueueFull: 'The code runner is busy right now. Please wait a few seconds and run your code again.',
  SandboxUnavailable: (reason: string) =>
    `Code execution is unavailable on this server: the sandbox cannot start (${reason}).`,
  LanguageUnavailable: (label: string, reason: string) =>
    `${label} is not available on this server: ${reason}.`,
  UnknownLanguage: (language: string, known: readonly string[]) =>
    `Unknown language "${language}". Choose one of: ${known.join(', ')}.`,
  EmptySource: 'The source code is empty.',
  Cancelled: 'The run was cancelled.',
  Closed: 'The code runner is shutting down.',
} as const;

export class RunnerError extends Error {
  readonly status: number;

  constructor(
    readonly code: RunnerErrorCode,
    message: string,
    /** For invalid requests: the offending field (snake_case, as in the request), for the `errors` map. */
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RunnerError';
    this.status = RunnerErrorStatus[code];
  }
}

export function invalidRequest(field: string, message: string): RunnerError {
  return new RunnerError(RunnerErrorCode.InvalidRequest, message, field);
}

export function cancelled(): RunnerError {
  return new RunnerError(RunnerErrorCode.Cancelled, RunnerMessages.Cancelled);
}
