import { createHash } from 'node:crypto';
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
import type { FastifyBaseLogger } from 'fastify';
import type { SessionContext } from '../../platform/auth/sessions.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rateLimit.js';
import * as repo from './execution.repository.js';

// Every run costs CPU seconds on the shared sandbox pool.
export const ExecutionRateRules = {
  perUser: { limit: 60, windowSeconds: 60 },
} as const;

export interface Caller {
  auth: SessionContext;
  signal: AbortSignal;
}

type Kind = 'execute' | 'judge' | 'tests';

/** The runner's failures become the platform's error answers, with the field for invalid input. */
function toAppError(error: unknown): unknown {
  if (!(error instanceof RunnerError)) return error;
  return new AppError(
    error.status,
    error.message,
    error.field ? { [error.field]: error.message } : undefined,
  );
}

function sourceOf(request: ExecuteRequest | JudgeRequest | RunTestsRequest): string {
  const extra = (request.additional_files ?? [])
    .map((file) => `\n--- ${file.filename}\n${file.content}`)
    .join('');
  return request.source_code + extra;
}

export function createExecutionService(deps: {
  db: Db;
  runner: Runner;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}) {
  const { db, runner, rateLimiter } = deps;

  /** Runs one request and records it; a failed record is logged, never turned into a failed run. */
  async function run<Request extends ExecuteRequest | JudgeRequest | RunTestsRequest, Result>(
    caller: Caller,
    kind: Kind,
    request: Request,
    work: () => Promise<Result>,
    outcomeOf: (result: Result) => string,
  ): Promise<Result> {
    await rateLimiter.consume(`code:user:${caller.auth.userId}`, ExecutionRateRules.perUser);
    const started = performance.now();
    let outcome = 'error';
    try {
      const result = await work();
      outcome = outcomeOf(result);
      return result;
    } catch (error) {
      if (error instanceof RunnerError) outcome = error.code;
      throw toAppError(error);
    } finally {
      const source = sourceOf(request);
      await repo
        .insertExecution(db, {
          userId: caller.auth.userId,
          kind,
          language: request.language.slice(0, 32),
          outcome,
          durationMs: Math.round(performance.now() - started),
          sourceSha256: createHash('sha256').update(source).digest('hex'),
          sourceBytes: Buffer.byteLength(source),
        })
        .catch((error: unknown) => deps.log.error({ err: error }, 'could not record a code execution'));
    }
  }

  return {
    execute: (caller: Caller, request: ExecuteRequest): Promise<ExecuteResponse> =>
      run(
        caller,
        'execute',
        request,
        () => runner.execute(request, { signal: caller.signal }),
        (result) => result.status,
      ),
    judge: (caller: Caller, request: JudgeRequest): Promise<JudgeResponse> =>
      run(
        caller,
        'judge',
        request,
        () => runner.judge(request, { signal: caller.signal }),
        (result) =>
          result.status === 'compile_error' ? 'compile_error' : result.all_passed ? 'passed' : 'failed',
      ),
    runTests: (caller: Caller, request: RunTestsRequest): Promise<RunTestsResponse> =>
      run(
        caller,
        'tests',
        request,
        () => runner.runTests(request, { signal: caller.signal }),
        (result) =>
          result.status === 'completed' ? (result.failed === 0 ? 'passed' : 'failed') : result.status,
      ),
    async languages(): Promise<LanguagesResponse> {
      return { languages: await runner.languages() };
    },
  };
}

export type ExecutionService = ReturnType<typeof createExecutionService>;
