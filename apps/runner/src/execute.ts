import { decodeOutput } from './sandbox/output.js';
import { type SandboxResult, type Slot, startSandbox } from './sandbox/sandbox.js';
import { assertSandboxStarted, compileProgram, programSpec, runLimits, type StepContext } from './steps.js';
import type { ExecuteResult, RunStatus } from './types.js';
import type { ValidProgram } from './validate.js';

/**
 * Why a run ended, from the sandbox's facts. The CPU limit is SIGXCPU at the soft rlimit and SIGKILL a
 * second later at the hard one (for programs that catch SIGXCPU, or that are the sandbox's pid 1): a
 * SIGKILL that was neither ours (wall clock, output flood) nor the OOM killer's is the CPU limit.
 */
export function classifyRun(result: SandboxResult): {
  status: RunStatus;
  timeLimitKind: 'wall' | 'cpu' | null;
} {
  if (result.killedBy === 'wall') return { status: 'time_limit', timeLimitKind: 'wall' };
  if (result.killedBy === 'output') return { status: 'output_limit', timeLimitKind: null };
  if (result.oomKilled) return { status: 'memory_limit', timeLimitKind: null };
  if (result.signal === 'SIGKILL' || result.signal === 'SIGXCPU')
    return { status: 'time_limit', timeLimitKind: 'cpu' };
  if (result.signal === 'SIGXFSZ') return { status: 'output_limit', timeLimitKind: null };
  return { status: result.exitCode === 0 ? 'ok' : 'runtime_error', timeLimitKind: null };
}

export async function executeProgram(
  context: StepContext,
  slot: Slot,
  valid: ValidProgram,
  stdin: string,
  signal?: AbortSignal,
): Promise<ExecuteResult> {
  const compiled = await compileProgram(context, slot, valid, signal);
  if (compiled && !compiled.ok) {
    return {
      status: 'compile_error',
      stdout: '',
      stderr: '',
      stdout_truncated: false,
      stderr_truncated: false,
      exit_code: null,
      signal: null,
      compile_output: compiled.output,
      compile_time_ms: compiled.timeMs,
      compile_cached: compiled.cached,
      time_ms: 0,
      cpu_time_ms: null,
      memory_bytes: null,
      timed_out: false,
      time_limit_kind: null,
      memory_limit_exceeded: false,
    };
  }

  const argv = valid.language.run({
    entry: valid.program.entry,
    memoryMb: valid.memoryMb,
    version: context.version(valid.language),
    program: valid.program,
    artifact: compiled?.artifact ?? null,
  });
  const spec = programSpec(context, valid, compiled?.artifact ?? null, runLimits(context.limits, valid));
  const result = await startSandbox(
    slot,
    // The sandbox's init stays pid 1 and runs the program as its child (see SandboxSpec.init).
    { ...spec, argv, init: 'wait', stdin, cpuLimitSignal: 'xcpu' },
    context.host,
    signal,
  ).result;
  assertSandboxStarted(result);

  const { status, timeLimitKind } = classifyRun(result);
  return {
    status,
    stdout: decodeOutput(result.stdout),
    stderr: decodeOutput(result.stderr),
    stdout_truncated: result.stdoutTruncated,
    stderr_truncated: result.stderrTruncated,
    exit_code: result.exitCode,
    signal: result.signal,
    compile_output: compiled ? compiled.artifact.output : null,
    compile_time_ms: compiled ? compiled.timeMs : null,
    compile_cached: compiled?.cached ?? false,
    time_ms: result.wallMs,
    cpu_time_ms: result.cpuMs,
    memory_bytes: result.memoryPeakBytes,
    timed_out: status === 'time_limit',
    time_limit_kind: timeLimitKind,
    memory_limit_exceeded: status === 'memory_limit',
  };
}
