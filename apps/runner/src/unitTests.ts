import { MiB } from './config.js';
import { classifyRun } from './execute.js';
import { decodeOutput } from './sandbox/output.js';
import { collectStream, type Slot, startSandbox } from './sandbox/sandbox.js';
import { assertSandboxStarted, compileLimits, programSpec, runLimits, type StepContext } from './steps.js';
import type { RunTestsResult, UnitTestResult } from './types.js';
import type { ValidProgram } from './validate.js';

function counts(tests: UnitTestResult[]): Pick<RunTestsResult, 'passed' | 'failed' | 'total'> {
  return {
    passed: tests.filter((test) => test.status === 'passed').length,
    failed: tests.filter((test) => test.status === 'failed').length,
    total: tests.length,
  };
}

function lastLines(text: string, count = 40): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

/**
 * Runs the author's unit tests against the learner's code with the language's own facility, in one
 * sandbox. Compiled languages build inside that sandbox, so it gets the compile step's memory and
 * process limits and the sum of both time limits.
 */
export async function runUnitTests(
  context: StepContext,
  slot: Slot,
  valid: ValidProgram,
  testFilename: string,
  testCode: string,
  signal?: AbortSignal,
): Promise<RunTestsResult> {
  const tests = valid.language.tests;
  if (!tests) throw new Error(`${valid.language.label} has no unit-test facility`);
  const started = performance.now();
  const empty: RunTestsResult = {
    status: 'error',
    tests: [],
    ...counts([]),
    compile_output: null,
    stdout: '',
    stderr: '',
    stdout_truncated: false,
    stderr_truncated: false,
    timed_out: false,
    memory_limit_exceeded: false,
    time_ms: 0,
    message: null,
  };

  const memoryMb = tests.compiles ? Math.max(valid.memoryMb, context.limits.compileMemoryMb) : valid.memoryMb;
  const plan = await tests.plan({
    program: valid.program,
    testFilename,
    testCode,
    memoryMb,
    version: context.version(valid.language),
  });
  if ('compileError' in plan) {
    return {
      ...empty,
      status: 'compile_error',
      compile_output: plan.compileError,
      time_ms: Math.round(performance.now() - started),
    };
  }

  const run = runLimits(context.limits, valid);
  const limits = tests.compiles
    ? {
        ...compileLimits(context.limits),
        wallMs: compileLimits(context.limits).wallMs + run.wallMs,
        cpuSeconds: context.limits.compileTimeSeconds + valid.cpuSeconds,
        outputBytes: run.outputBytes,
      }
    : run;
  const programValid = plan.programFiles
    ? { ...valid, program: { entry: valid.program.entry, files: plan.programFiles } }
    : valid;
  const spec = programSpec(context, programValid, null, limits);
  const sandbox = startSandbox(
    slot,
    { ...spec, files: [...spec.files, ...plan.files], argv: plan.argv, channel: true },
    context.host,
    signal,
  );
  const channel = sandbox.channel ? collectStream(sandbox.channel, 4 * MiB) : null;
  const result = await sandbox.result;
  assertSandboxStarted(result);
  const report = channel ? decodeOutput((await channel).data) : '';
  const parsed = tests.parse(report, result);
  const { status } = classifyRun(result);
  const stderr = decodeOutput(result.stderr);

  const answer: RunTestsResult = {
    ...empty,
    status: 'completed',
    tests: parsed.tests,
    ...counts(parsed.tests),
    stdout: decodeOutput(result.stdout),
    stderr,
    stdout_truncated: result.stdoutTruncated,
    stderr_truncated: result.stderrTruncated,
    timed_out: status === 'time_limit',
    memory_limit_exceeded: status === 'memory_limit',
    time_ms: Math.round(performance.now() - started),
  };
  if (parsed.compileError !== undefined) {
    return {
      ...answer,
      status: 'compile_error',
      compile_output: parsed.compileError || stderr.trim(),
      stderr: '',
    };
  }
  if (status === 'time_limit') {
    return {
      ...answer,
      status: 'error',
      message: `The tests did not finish within the time limit (${Math.round(limits.wallMs / 1000)} s).`,
    };
  }
  if (status === 'memory_limit') {
    return {
      ...answer,
      status: 'error',
      message: `The tests ran out of memory (${Math.round(limits.memoryBytes / MiB)} MiB).`,
    };
  }
  if (status === 'output_limit')
    return { ...answer, status: 'error', message: 'The tests printed too much output.' };
  if (parsed.error !== undefined) return { ...answer, status: 'error', message: parsed.error };
  if (parsed.tests.length === 0) {
    const detail = lastLines(stderr);
    return {
      ...answer,
      status: 'error',
      message:
        detail ||
        (result.exitCode === 0
          ? `No tests were found in ${testFilename}.`
          : `The test run exited with code ${result.exitCode}.`),
    };
  }
  return answer;
}
