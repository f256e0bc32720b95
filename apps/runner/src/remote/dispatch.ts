import { RunnerError, RunnerErrorCode } from '../errors.js';
import type { Runner } from '../runner.js';
import type { ExecuteRequest, JudgeRequest, ProgramRequest, RunTestsRequest } from '../types.js';
import type { RunnerMethod, SerializedError } from './protocol.js';

// What both remote forms of the runner do on the runner's side: the child process (worker.ts, over IPC)
// and the runner host (httpService.ts, over HTTP) call the same methods and send errors the same way.

/** Calls one Runner method with the request as it arrived. */
export function invokeRunner(
  runner: Runner,
  method: RunnerMethod,
  request: unknown,
  signal: AbortSignal,
): Promise<unknown> {
  switch (method) {
    case 'execute':
      return runner.execute(request as ExecuteRequest, { signal });
    case 'judge':
      return runner.judge(request as JudgeRequest, { signal });
    case 'runTests':
      return runner.runTests(request as RunTestsRequest, { signal });
    case 'lint':
      return runner.lint(request as ProgramRequest, { signal });
    case 'languages':
      return runner.languages();
    case 'status':
      return runner.status();
  }
}

/** A runner error keeps its code, message and field; anything else becomes a generic internal error. */
export function serializeRunnerError(
  error: unknown,
  log: (message: string, error: unknown) => void,
): SerializedError {
  if (error instanceof RunnerError) {
    return { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) };
  }
  log('runner: unexpected failure', error);
  return { code: RunnerErrorCode.Internal, message: 'The code runner failed unexpectedly.' };
}
