import { type CompileCache, type CompileOutcome, compileKey } from './compile/compileCache.js';
import { readTar } from './compile/tar.js';
import { MiB, type RunnerLimits, type StepLimits } from './config.js';
import { cancelled, RunnerError, RunnerErrorCode } from './errors.js';
import type { Artifact, LanguageDefinition, ProgramFiles } from './languages/language.js';
import { BASE_ENV, BIN_DIR, SRC_DIR } from './sandbox/layout.js';
import { decodeOutput } from './sandbox/output.js';
import {
  collectStream,
  type SandboxFile,
  type SandboxHost,
  type SandboxResult,
  type SandboxSpec,
  type Slot,
  startSandbox,
} from './sandbox/sandbox.js';
import type { ValidProgram } from './validate.js';

/** What a use-case (execute, judge, tests) needs from the runner to start sandboxes. */
export interface StepContext {
  host: SandboxHost;
  limits: RunnerLimits;
  cache: CompileCache;
  /** Read-only binds for a language: base paths plus the toolchain's own, those that exist. */
  binds(language: LanguageDefinition): string[];
  version(language: LanguageDefinition): string | null;
}

const MAX_ARTIFACT_BYTES = 64 * MiB;

export function runLimits(
  limits: RunnerLimits,
  valid: ValidProgram,
  wallSeconds = valid.timeLimitSeconds,
): StepLimits {
  return {
    wallMs: Math.round(wallSeconds * 1000),
    cpuSeconds: valid.cpuSeconds,
    memoryBytes: valid.memoryMb * MiB,
    processes: limits.processes,
    fileSizeBytes: limits.fileSizeMb * MiB,
    openFiles: limits.openFiles,
    tmpfsBytes: limits.tmpfsMb * MiB,
    outputBytes: limits.outputBytes,
  };
}

/** Compilers need more room than programs: memory, processes, a larger tmpfs (Go's build cache). */
export function compileLimits(limits: RunnerLimits): StepLimits {
  return {
    wallMs: limits.compileTimeSeconds * 1000,
    cpuSeconds: limits.compileTimeSeconds,
    memoryBytes: limits.compileMemoryMb * MiB,
    processes: limits.compileProcesses,
    fileSizeBytes: MAX_ARTIFACT_BYTES,
    openFiles: Math.max(limits.openFiles, 1024),
    tmpfsBytes: Math.max(limits.tmpfsMb * MiB, 512 * MiB),
    outputBytes: limits.outputBytes,
  };
}

export function sourceFiles(program: ProgramFiles): SandboxFile[] {
  return [...program.files].map(([name, content]) => ({ path: `${SRC_DIR}/${name}`, content }));
}

export function artifactFiles(artifact: Artifact): SandboxFile[] {
  return artifact.files.map((file) => ({
    path: `${BIN_DIR}/${file.path}`,
    content: file.content,
    mode: file.mode & 0o111 ? 0o555 : 0o444,
    readOnly: true,
  }));
}

/** The sandbox could not be built at all: a host problem, never the learner's. */
export function assertSandboxStarted(result: SandboxResult): void {
  if (result.setupError) {
    throw new RunnerError(RunnerErrorCode.Internal, `The sandbox failed to start: ${result.setupError}`);
  }
  if (result.killedBy === 'cancel') throw cancelled();
}

function combinedOutput(result: SandboxResult): string {
  return decodeOutput(Buffer.concat([result.stdout, result.stderr])).trim();
}

/**
 * Builds the program (or finds the build in the cache). Returns null for interpreted languages.
 * Failures caused by limits (time, memory) are reported but not cached: they may pass next time.
 */
export async function compileProgram(
  context: StepContext,
  slot: Slot,
  valid: ValidProgram,
  signal?: AbortSignal,
): Promise<(CompileOutcome & { cached: boolean }) | null> {
  const { language, program } = valid;
  const step = language.compile;
  if (!step) return null;
  const key = compileKey(language.id, program);
  const cached = context.cache.get(key);
  if (cached) return { ...cached, cached: true };

  const started = performance.now();
  if (step.kind === 'host') {
    const built = await step.build(program);
    const timeMs = Math.round(performance.now() - started);
    const outcome: CompileOutcome = built.ok
      ? { ok: true, artifact: built.artifact, timeMs }
      : { ok: false, output: built.output, timeMs };
    context.cache.set(key, outcome);
    return { ...outcome, cached: false };
  }

  const spec: SandboxSpec = {
    argv: [
      '/bin/sh',
      '-c',
      '"$@" && exec /usr/bin/tar --format=ustar -C /box/out -cf - . >&4',
      'compile',
      ...step.argv(program),
    ],
    env: { ...BASE_ENV, ...language.env },
    files: [...sourceFiles(program), ...((await step.extraFiles?.()) ?? [])],
    binds: context.binds(language),
    limits: compileLimits(context.limits),
    channel: true,
    followed: true,
  };
  const run = startSandbox(slot, spec, context.host, signal);
  const archive = run.channel ? collectStream(run.channel, MAX_ARTIFACT_BYTES) : null;
  const result = await run.result;
  assertSandboxStarted(result);
  const timeMs = Math.round(performance.now() - started);

  if (result.killedBy === 'wall' || (result.signal === 'SIGKILL' && !result.oomKilled)) {
    return {
      ok: false,
      output: `Compilation took longer than ${context.limits.compileTimeSeconds} s.`,
      timeMs,
      cached: false,
    };
  }
  if (result.oomKilled) {
    return {
      ok: false,
      output: `Compilation ran out of memory (${context.limits.compileMemoryMb} MiB).`,
      timeMs,
      cached: false,
    };
  }
  if (result.exitCode !== 0) {
    const outcome: CompileOutcome = { ok: false, output: combinedOutput(result), timeMs };
    context.cache.set(key, outcome);
    return { ...outcome, cached: false };
  }
  const collected = await archive;
  if (!collected || collected.truncated) {
    return { ok: false, output: 'The compiled program is too large.', timeMs, cached: false };
  }
  const outcome: CompileOutcome = {
    ok: true,
    artifact: { files: readTar(collected.data), output: combinedOutput(result) },
    timeMs,
  };
  context.cache.set(key, outcome);
  return { ...outcome, cached: false };
}

/** Learner files, the build (if any), the language's and the learner's environment. */
export function programSpec(
  context: StepContext,
  valid: ValidProgram,
  artifact: Artifact | null,
  limits: StepLimits,
): Omit<SandboxSpec, 'argv'> {
  return {
    env: { ...BASE_ENV, ...valid.language.env, ...valid.env },
    files: [...sourceFiles(valid.program), ...(artifact ? artifactFiles(artifact) : [])],
    binds: context.binds(valid.language),
    limits,
  };
}
