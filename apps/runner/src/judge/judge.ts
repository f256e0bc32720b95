import { MiB } from '../config.js';
import { HARNESS_DIR } from '../sandbox/layout.js';
import { decodeOutput } from '../sandbox/output.js';
import { type Slot, signalFromExitCode, startSandbox } from '../sandbox/sandbox.js';
import { assertSandboxStarted, compileProgram, programSpec, runLimits, type StepContext } from '../steps.js';
import type { CaseVerdict, JudgeCaseResult, JudgeResult } from '../types.js';
import type { ValidJudgeCase, ValidProgram } from '../validate.js';
import { outputsMatch } from './compare.js';
import { type CaseFrame, caseInputFrame, FrameReader, JUDGE_HARNESS } from './harness.js';

interface CaseOutcome {
  frame: CaseFrame;
  oomKilled: boolean;
  /** The host stopped this case at its wall-clock limit. */
  timedOut: boolean;
}

const SIGXCPU_STATUS = 128 + 24;
const SIGXFSZ_STATUS = 128 + 25;
const SIGKILL_STATUS = 128 + 9;

function verdictOf(
  testCase: ValidJudgeCase,
  outcome: CaseOutcome,
  limitSeconds: number,
  tolerance: number,
): { verdict: CaseVerdict; message: string } {
  const { frame } = outcome;
  if (outcome.timedOut) return { verdict: 'time_limit', message: `Time limit exceeded (${limitSeconds} s).` };
  if (frame.status === SIGXCPU_STATUS) return { verdict: 'time_limit', message: 'CPU time limit exceeded.' };
  if (frame.status === SIGKILL_STATUS && outcome.oomKilled) {
    return { verdict: 'runtime_error', message: 'Memory limit exceeded.' };
  }
  if (frame.status === SIGXFSZ_STATUS)
    return { verdict: 'runtime_error', message: 'File size limit exceeded.' };
  if (frame.status !== 0) {
    const signal = signalFromExitCode(frame.status);
    return {
      verdict: 'runtime_error',
      message: signal ? `Killed by ${signal}.` : `Exited with code ${frame.status}.`,
    };
  }
  if (frame.stdoutTruncated) {
    return { verdict: 'wrong_answer', message: 'The output is much longer than the expected output.' };
  }
  const actual = decodeOutput(frame.stdout);
  return outputsMatch(testCase.comparison, actual, testCase.expected, tolerance)
    ? { verdict: 'passed', message: 'Passed.' }
    : { verdict: 'wrong_answer', message: 'The output does not match the expected output.' };
}

/** Hidden cases keep only what cannot leak their data: position, id, verdict and time. */
function present(
  testCase: ValidJudgeCase,
  verdict: CaseVerdict,
  outcome: CaseOutcome | undefined,
  message: string,
): JudgeCaseResult {
  const base: JudgeCaseResult = {
    index: testCase.index,
    id: testCase.id,
    hidden: testCase.hidden,
    verdict,
    time_ms: outcome ? Math.round(outcome.frame.elapsedUs / 1000) : null,
  };
  if (testCase.hidden) return base;
  return {
    ...base,
    message,
    input: testCase.input,
    expected_output: testCase.expected,
    actual_output: outcome ? decodeOutput(outcome.frame.stdout) : '',
    actual_output_truncated: outcome?.frame.stdoutTruncated ?? false,
    stderr: outcome ? decodeOutput(outcome.frame.stderr) : '',
    exit_code: outcome ? outcome.frame.status : null,
  };
}

function summary(cases: JudgeCaseResult[]): Pick<JudgeResult, 'passed' | 'total' | 'all_passed'> {
  const passed = cases.filter((testCase) => testCase.verdict === 'passed').length;
  return { passed, total: cases.length, all_passed: passed === cases.length };
}

/**
 * Judges a submission: one build, then all cases in one sandbox through the harness. Visible cases run
 * first, so nothing a hidden case's input could teach the program reaches a visible case's output.
 */
export async function judgeProgram(
  context: StepContext,
  slot: Slot,
  valid: ValidProgram,
  cases: ValidJudgeCase[],
  tolerance: number,
  signal?: AbortSignal,
): Promise<JudgeResult> {
  const started = performance.now();
  const compiled = await compileProgram(context, slot, valid, signal);
  if (compiled && !compiled.ok) {
    const results = cases.map((testCase) =>
      present(testCase, 'not_run', undefined, 'The code did not compile.'),
    );
    return {
      status: 'compile_error',
      compile_output: compiled.output,
      compile_time_ms: compiled.timeMs,
      compile_cached: compiled.cached,
      ...summary(results),
      cases: results,
      time_ms: Math.round(performance.now() - started),
    };
  }

  const limitSeconds = valid.timeLimitSeconds;
  const longestExpected = Math.max(...cases.map((testCase) => Buffer.byteLength(testCase.expected)));
  const outputCap = Math.min(Math.max(context.limits.outputBytes, longestExpected + 1024), 4 * MiB);
  const wallSeconds = Math.min(context.limits.judgeWallSeconds, cases.length * (limitSeconds + 0.5) + 5);
  const programArgv = valid.language.run({
    entry: valid.program.entry,
    memoryMb: valid.memoryMb,
    version: context.version(valid.language),
    program: valid.program,
    artifact: compiled?.artifact ?? null,
  });
  const spec = programSpec(
    context,
    valid,
    compiled?.artifact ?? null,
    runLimits(context.limits, valid, wallSeconds),
  );
  const run = startSandbox(
    slot,
    {
      ...spec,
      files: [...spec.files, { path: `${HARNESS_DIR}/judge.sh`, content: JUDGE_HARNESS, readOnly: true }],
      argv: ['/bin/bash', `${HARNESS_DIR}/judge.sh`, String(outputCap), ...programArgv],
      channel: true,
      cpuLimitSignal: 'xcpu',
    },
    context.host,
    signal,
  );

  const channel = run.channel;
  const outcomes = new Map<number, CaseOutcome>();
  let inProgress: ValidJudgeCase | null = null;
  if (channel) {
    const reader = new FrameReader(channel);
    let oomBefore = slot.cgroup?.oomKills() ?? 0;
    const order = [
      ...cases.filter((testCase) => !testCase.hidden),
      ...cases.filter((testCase) => testCase.hidden),
    ];
    for (const testCase of order) {
      inProgress = testCase;
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        run.interrupt();
      }, limitSeconds * 1000);
      channel.write(caseInputFrame(testCase.input));
      const frame = await reader.next();
      clearTimeout(timer);
      if (!frame) break;
      const oomNow = slot.cgroup?.oomKills() ?? 0;
      outcomes.set(testCase.index, { frame, oomKilled: oomNow > oomBefore, timedOut });
      oomBefore = oomNow;
      inProgress = null;
    }
    channel.end('end\n');
  }
  const result = await run.result;
  assertSandboxStarted(result);

  const results = cases.map((testCase) => {
    const outcome = outcomes.get(testCase.index);
    if (outcome) {
      const { verdict, message } = verdictOf(testCase, outcome, limitSeconds, tolerance);
      return present(testCase, verdict, outcome, message);
    }
    if (testCase === inProgress && result.killedBy === 'wall') {
      return present(
        testCase,
        'time_limit',
        undefined,
        `The judge's total time limit (${wallSeconds} s) ran out.`,
      );
    }
    return present(testCase, 'not_run', undefined, 'Not run: the judge stopped before this case.');
  });
  return {
    status: 'completed',
    compile_output: compiled ? compiled.artifact.output : null,
    compile_time_ms: compiled ? compiled.timeMs : null,
    compile_cached: compiled?.cached ?? false,
    ...summary(results),
    cases: results,
    time_ms: Math.round(performance.now() - started),
  };
}
