import type {
  ExecuteRequest,
  ExecuteResponse,
  JudgeRequest,
  JudgeResponse,
  LanguagesResponse,
  RunTestsRequest,
  RunTestsResponse,
} from '@coderoom/contracts';
import { type Runner, RunnerError } from '@coderoom/runner';
import type { SessionContext } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';

// Code runs cost CPU seconds: logged-in learners get a generous budget, anonymous visitors a small one.
export const ExecutionRateRules = {
  perUser: { limit: 60, windowSeconds: 60 },
  perAnonymousIp: { limit: 20, windowSeconds: 60 },
} as const;

export interface Caller {
  auth: SessionContext | null;
  ip: string;
  signal: AbortSignal;
}

/** The runner's failures become the platform's error answers, with the field for invalid input. */
function toAppError(error: unknown): unknown {
  if (!(error instanceof RunnerError)) return error;
  return new AppError(
    error.status,
    error.message,
    error.field ? { [error.field]: error.message } : undefined,
  );
}

export function createExecutionService(deps: { runner: Runner; rateLimiter: RateLimiter }) {
  const { runner, rateLimiter } = deps;

  async function admit(caller: Caller): Promise<void> {
    if (caller.auth?.state === 'active') {
      await rateLimiter.consume(`code:user:${caller.auth.userId}`, ExecutionRateRules.perUser);
    } else {
      await rateLimiter.consume(`code:ip:${caller.ip}`, ExecutionRateRules.perAnonymousIp);
    }
  }

  async function run<T>(caller: Caller, work: () => Promise<T>): Promise<T> {
    await admit(caller);
    try {
      return await work();
    } catch (error) {
      throw toAppError(error);
    }
  }

  return {
    execute: (caller: Caller, request: ExecuteRequest): Promise<ExecuteResponse> =>
      run(caller, () => runner.execute(request, { signal: caller.signal })),
    judge: (caller: Caller, request: JudgeRequest): Promise<JudgeResponse> =>
      run(caller, () => runner.judge(request, { signal: caller.signal })),
    runTests: (caller: Caller, request: RunTestsRequest): Promise<RunTestsResponse> =>
      run(caller, () => runner.runTests(request, { signal: caller.signal })),
    async languages(): Promise<LanguagesResponse> {
      return { languages: await runner.languages() };
    },
  };
}

export type ExecutionService = ReturnType<typeof createExecutionService>;
