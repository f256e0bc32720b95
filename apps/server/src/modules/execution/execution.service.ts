import { createHash } from 'node:crypto';
import type {
  CodeWidgetContent,
  ExecuteRequest,
  ExecuteResponse,
  JudgeRequest,
  JudgeResponse,
  LanguagesResponse,
  RunTestsRequest,
  RunTestsResponse,
  WidgetRef,
  WidgetRunRequest,
} from '@coderoom/contracts';
import { ErrorStatus } from '@coderoom/domain';
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

/** Lesson widgets a run may name; the content and progress modules provide them. */
export interface WidgetSource {
  codeWidget(userId: number, ref: WidgetRef): Promise<CodeWidgetContent>;
  saveWidgetData(userId: number, ref: WidgetRef, userdata: Record<string, unknown>): Promise<void>;
}

/** The program a widget runs: the learner's code inside the author's hidden code, with the author's limits. */
export function programOf(widget: CodeWidgetContent, request: Pick<WidgetRunRequest, 'source_code'>) {
  return {
    language: widget.language,
    source_code: request.source_code,
    ...(widget.entryFileName ? { entry_filename: widget.entryFileName } : {}),
    ...(widget.additionalFiles?.length ? { additional_files: widget.additionalFiles } : {}),
    ...(widget.enableHiddenCode && widget.hiddenPrependCode
      ? { hidden_prepend_code: widget.hiddenPrependCode }
      : {}),
    ...(widget.enableHiddenCode && widget.hiddenAppendCode
      ? { hidden_append_code: widget.hiddenAppendCode }
      : {}),
    time_limit: widget.timeLimit,
  };
}

export function createExecutionService(deps: {
  db: Db;
  runner: Runner;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  widgets?: WidgetSource;
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

  async function widgetOf(caller: Caller, request: WidgetRunRequest): Promise<CodeWidgetContent> {
    if (!deps.widgets) throw new AppError(ErrorStatus.NotFound, 'Lesson widgets are not available here.');
    const widget = await deps.widgets.codeWidget(caller.auth.userId, request.widget);
    // The learner's last code comes back when they return to the lesson; a failed save never fails the run.
    await deps.widgets
      .saveWidgetData(caller.auth.userId, request.widget, { code: request.source_code })
      .catch((error: unknown) => deps.log.error({ err: error }, 'could not save widget data'));
    return widget;
  }

  const service = {
    async executeWidget(caller: Caller, request: WidgetRunRequest): Promise<ExecuteResponse> {
      const widget = await widgetOf(caller, request);
      if (!widget.runnable && !widget.judge) {
        throw new AppError(ErrorStatus.OperationNotAllowed, 'This widget cannot run code.', {
          widget: 'This widget cannot run code.',
        });
      }
      return service.execute(caller, {
        ...programOf(widget, request),
        ...(request.stdin !== undefined ? { stdin: request.stdin } : {}),
      });
    },
    async judgeWidget(caller: Caller, request: WidgetRunRequest): Promise<JudgeResponse> {
      const widget = await widgetOf(caller, request);
      if (!widget.judge || widget.testCases.length === 0) {
        throw new AppError(ErrorStatus.OperationNotAllowed, 'This widget has no test cases.', {
          widget: 'This widget has no test cases.',
        });
      }
      return service.judge(caller, {
        ...programOf(widget, request),
        test_cases: widget.testCases.map((testCase) => ({
          input: testCase.input,
          expected_output: testCase.output,
          hidden: testCase.hidden,
          ...(testCase.comparison ? { comparison: testCase.comparison } : {}),
        })),
      });
    },
    async runWidgetTests(caller: Caller, request: WidgetRunRequest): Promise<RunTestsResponse> {
      const widget = await widgetOf(caller, request);
      if (!widget.unitTests) {
        throw new AppError(ErrorStatus.OperationNotAllowed, 'This widget has no unit tests.', {
          widget: 'This widget has no unit tests.',
        });
      }
      return service.runTests(caller, {
        ...programOf(widget, request),
        test_code: widget.unitTests.code,
        ...(widget.unitTests.filename ? { test_filename: widget.unitTests.filename } : {}),
      });
    },
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
  return service;
}

export type ExecutionService = ReturnType<typeof createExecutionService>;
