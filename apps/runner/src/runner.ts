import fs from 'node:fs';
import { CompileCache } from './compile/compileCache.js';
import { type ResolvedConfig, type RunnerConfig, resolveConfig, type StepLimits } from './config.js';
import { RunnerError, RunnerErrorCode, RunnerMessages } from './errors.js';
import { executeProgram } from './execute.js';
import { judgeProgram } from './judge/judge.js';
import type { LanguageDefinition } from './languages/language.js';
import { LANGUAGES } from './languages/registry.js';
import { executableProblem, missingToolchain } from './languages/toolchain.js';
import { lintProgram } from './lint.js';
import { SlotPool } from './pool.js';
import { type CgroupDetection, detectCgroups } from './sandbox/cgroups.js';
import { BASE_BINDS, BASE_ENV } from './sandbox/layout.js';
import { decodeOutput } from './sandbox/output.js';
import {
  killSandboxesOwnedBy,
  type SandboxHost,
  SandboxSlot,
  type SandboxSpec,
  startSandbox,
} from './sandbox/sandbox.js';
import { compileLimits, type StepContext } from './steps.js';
import type {
  ExecuteRequest,
  ExecuteResult,
  JudgeRequest,
  JudgeResult,
  LanguageAvailability,
  LanguageId,
  LintResult,
  ProgramRequest,
  RunnerStatus,
  RunOptions,
  RunTestsRequest,
  RunTestsResult,
} from './types.js';
import { LANGUAGE_IDS } from './types.js';
import { runUnitTests } from './unitTests.js';
import { validateJudge, validateProgram, validateStdin, validateTests } from './validate.js';

export interface Runner {
  /** Runs a program once with stdin (POST /api/code/execute). */
  execute(request: ExecuteRequest, options?: RunOptions): Promise<ExecuteResult>;
  /** Runs a program against test cases in one sandbox and compares outputs (POST /api/code/judge). */
  judge(request: JudgeRequest, options?: RunOptions): Promise<JudgeResult>;
  /** Runs the author's unit tests against the program (POST /api/codetest/run). */
  runTests(request: RunTestsRequest, options?: RunOptions): Promise<RunTestsResult>;
  /** Runs the language's linters and formatter checks on the program (AI code review). */
  lint(request: ProgramRequest, options?: RunOptions): Promise<LintResult>;
  /** Which languages can run on this host, and why not when they cannot. Probed once, then cached. */
  languages(): Promise<LanguageAvailability[]>;
  status(): Promise<RunnerStatus>;
  /** Kills running sandboxes, rejects queued requests and removes the runner's cgroups. */
  close(): Promise<void>;
}

interface SandboxCheck {
  available: boolean;
  reason: string | null;
}

const PROBE_LIMITS: StepLimits = {
  wallMs: 10_000,
  cpuSeconds: 5,
  memoryBytes: 256 * 1024 * 1024,
  processes: 64,
  fileSizeBytes: 1024 * 1024,
  openFiles: 64,
  tmpfsBytes: 1024 * 1024,
  outputBytes: 4096,
};

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

class SandboxRunner implements Runner {
  private readonly config: ResolvedConfig;
  private readonly cgroups: CgroupDetection;
  private readonly pool: SlotPool;
  private readonly slots: SandboxSlot[];
  private readonly host: SandboxHost;
  private readonly context: StepContext;
  private readonly closing = new AbortController();
  private readonly bindCache = new Map<LanguageId, string[]>();
  private readonly versions = new Map<LanguageId, string | null>();
  private readonly languageChecks = new Map<LanguageId, Promise<LanguageAvailability>>();
  private sandboxCheck: Promise<SandboxCheck> | null = null;
  private readonly disposeOnExit = () => {
    for (const slot of this.slots) slot.stop();
    this.cgroups.driver?.dispose();
  };

  constructor(config: RunnerConfig) {
    this.config = resolveConfig(config);
    this.cgroups =
      this.config.cgroups === 'auto'
        ? detectCgroups()
        : { driver: null, reason: 'cgroups are disabled by configuration' };
    const driver = this.cgroups.driver;
    // Sandboxes of an earlier runner with these uids (one that crashed or was killed) go first.
    killSandboxesOwnedBy(this.config.uidBase, this.config.uidBase + this.config.slots);
    const slots = Array.from(
      { length: this.config.slots },
      (_, index) =>
        new SandboxSlot(
          index,
          this.config.uidBase + index,
          this.config.uidBase + index,
          driver ? [driver.createSlot(index), driver.createSlot(index, 'slot-next')] : null,
          this.config.bwrapPath,
          () => this.pool.queued > 0,
        ),
    );
    this.slots = slots;
    this.pool = new SlotPool(slots, this.config.queueSize);
    this.host = {
      bwrapPath: this.config.bwrapPath,
      memoryByRlimit: this.cgroups.driver === null,
      outputKillBytes: this.config.limits.outputKillBytes,
    };
    this.context = {
      host: this.host,
      limits: this.config.limits,
      cache: new CompileCache(this.config.compileCacheBytes),
      binds: (language) => this.bindsFor(language),
      version: (language) => this.versions.get(language.id) ?? null,
    };
    process.once('exit', this.disposeOnExit);
  }

  private bindsFor(language: LanguageDefinition): string[] {
    let binds = this.bindCache.get(language.id);
    if (!binds) {
      binds = [...new Set([...BASE_BINDS, ...language.binds()])].filter((bind) => fs.existsSync(bind));
      this.bindCache.set(language.id, binds);
    }
    return binds;
  }

  /** Runs a short command in a slot (probes); returns the sandbox's result. */
  private async probe(spec: Omit<SandboxSpec, 'env' | 'files'> & Partial<SandboxSpec>) {
    const result = await this.pool.use(
      this.closing.signal,
      (slot) =>
        startSandbox(slot, { env: BASE_ENV, files: [], ...spec }, this.host, this.closing.signal).result,
    );
    // A probe killed by close() says nothing about the host or the toolchain.
    if (this.closing.signal.aborted) throw new RunnerError(RunnerErrorCode.Closed, RunnerMessages.Closed);
    return result;
  }

  private checkSandbox(): Promise<SandboxCheck> {
    this.sandboxCheck ??= this.probeSandbox().then(
      (check) => check,
      (error: unknown) => {
        this.sandboxCheck = null;
        throw error;
      },
    );
    return this.sandboxCheck;
  }

  private async probeSandbox(): Promise<SandboxCheck> {
    if (process.getuid?.() !== 0) {
      return {
        available: false,
        reason: 'the runner must start as root to run each slot under its own unprivileged uid',
      };
    }
    const bwrapProblem = executableProblem(this.config.bwrapPath);
    if (bwrapProblem) {
      return {
        available: false,
        reason: `${this.config.bwrapPath} ${bwrapProblem} (Debian package bubblewrap)`,
      };
    }
    try {
      const result = await this.probe({
        argv: ['/usr/bin/true'],
        binds: this.bindsFor(LANGUAGES.python3),
        limits: PROBE_LIMITS,
      });
      if (result.exitCode === 0) return { available: true, reason: null };
      const detail =
        result.setupError ?? (firstLine(decodeOutput(result.stderr)) || `exit status ${result.exitCode}`);
      return { available: false, reason: `cannot create namespaces: ${detail}` };
    } catch (error) {
      if (error instanceof RunnerError) throw error;
      return { available: false, reason: `cannot start bubblewrap: ${(error as Error).message}` };
    }
  }

  private checkLanguage(id: LanguageId): Promise<LanguageAvailability> {
    let check = this.languageChecks.get(id);
    if (!check) {
      check = this.probeLanguage(LANGUAGES[id]).catch((error: unknown) => {
        this.languageChecks.delete(id);
        throw error;
      });
      this.languageChecks.set(id, check);
    }
    return check;
  }

  private async probeLanguage(language: LanguageDefinition): Promise<LanguageAvailability> {
    const answer = (
      available: boolean,
      version: string | null,
      reason: string | null,
    ): LanguageAvailability => ({
      language: language.id,
      label: language.label,
      available,
      version,
      reason,
      test_framework: language.tests?.framework ?? 'none',
    });
    const sandbox = await this.checkSandbox();
    if (!sandbox.available) return answer(false, null, `the sandbox is unavailable: ${sandbox.reason}`);
    if (this.config.disabledLanguages.includes(language.id)) {
      return answer(false, null, 'it is disabled in the runner configuration');
    }
    const missing = missingToolchain(language);
    if (missing) return answer(false, null, missing);
    const result = await this.probe({
      argv: language.versionArgv,
      env: { ...BASE_ENV, ...language.env },
      binds: this.bindsFor(language),
      limits: { ...compileLimits(this.config.limits), wallMs: 20_000, outputBytes: 4096 },
    });
    const version = firstLine(decodeOutput(result.stdout)) || firstLine(decodeOutput(result.stderr));
    if (result.exitCode !== 0) {
      const detail =
        result.setupError ?? (firstLine(decodeOutput(result.stderr)) || `exit status ${result.exitCode}`);
      return answer(false, null, `the toolchain does not start in the sandbox (${detail})`);
    }
    this.versions.set(language.id, version);
    return answer(true, version, null);
  }

  /** Throws the error the server should answer with when the language cannot run now. */
  private async requireLanguage(language: LanguageDefinition): Promise<void> {
    const sandbox = await this.checkSandbox();
    if (!sandbox.available) {
      throw new RunnerError(
        RunnerErrorCode.SandboxUnavailable,
        RunnerMessages.SandboxUnavailable(sandbox.reason ?? ''),
      );
    }
    const availability = await this.checkLanguage(language.id);
    if (!availability.available) {
      throw new RunnerError(
        RunnerErrorCode.LanguageUnavailable,
        RunnerMessages.LanguageUnavailable(language.label, availability.reason ?? 'unknown reason'),
        'language',
      );
    }
  }

  /** One signal for the caller's cancel and for close(); failures become RunnerErrors. */
  private async guarded<T>(
    options: RunOptions | undefined,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    if (this.closing.signal.aborted) throw new RunnerError(RunnerErrorCode.Closed, RunnerMessages.Closed);
    const signal = options?.signal
      ? AbortSignal.any([options.signal, this.closing.signal])
      : this.closing.signal;
    try {
      return await work(signal);
    } catch (error) {
      if (error instanceof RunnerError) {
        if (
          error.code === RunnerErrorCode.Cancelled &&
          this.closing.signal.aborted &&
          !options?.signal?.aborted
        ) {
          throw new RunnerError(RunnerErrorCode.Closed, RunnerMessages.Closed);
        }
        throw error;
      }
      // Tearing a sandbox down mid-run can fail in many ways (a pipe closed, a workspace already gone);
      // when the run was cancelled, that failure is the cancellation, not a runner fault.
      if (signal.aborted) {
        if (this.closing.signal.aborted && !options?.signal?.aborted) {
          throw new RunnerError(RunnerErrorCode.Closed, RunnerMessages.Closed);
        }
        throw new RunnerError(RunnerErrorCode.Cancelled, RunnerMessages.Cancelled);
      }
      throw new RunnerError(RunnerErrorCode.Internal, 'The code runner failed unexpectedly.', undefined, {
        cause: error,
      });
    }
  }

  execute(request: ExecuteRequest, options?: RunOptions): Promise<ExecuteResult> {
    return this.guarded(options, async (signal) => {
      const valid = validateProgram(request, this.config.limits);
      const stdin = validateStdin(request, this.config.limits);
      await this.requireLanguage(valid.language);
      return this.pool.use(signal, (slot) => executeProgram(this.context, slot, valid, stdin, signal));
    });
  }

  judge(request: JudgeRequest, options?: RunOptions): Promise<JudgeResult> {
    return this.guarded(options, async (signal) => {
      const valid = validateProgram(request, this.config.limits);
      const { cases, tolerance } = validateJudge(request, this.config.limits);
      await this.requireLanguage(valid.language);
      return this.pool.use(signal, (slot) =>
        judgeProgram(this.context, slot, valid, cases, tolerance, signal),
      );
    });
  }

  runTests(request: RunTestsRequest, options?: RunOptions): Promise<RunTestsResult> {
    return this.guarded(options, async (signal) => {
      const valid = validateProgram(request, this.config.limits);
      const { testFilename, testCode } = validateTests(request, valid);
      await this.requireLanguage(valid.language);
      return this.pool.use(signal, (slot) =>
        runUnitTests(this.context, slot, valid, testFilename, testCode, signal),
      );
    });
  }

  lint(request: ProgramRequest, options?: RunOptions): Promise<LintResult> {
    return this.guarded(options, async (signal) => {
      const valid = validateProgram(request, this.config.limits);
      await this.requireLanguage(valid.language);
      return this.pool.use(signal, (slot) => lintProgram(this.context, slot, valid, signal));
    });
  }

  async languages(): Promise<LanguageAvailability[]> {
    // One probe at a time: seven parallel probes would overflow a small pool's queue.
    const answers: LanguageAvailability[] = [];
    for (const id of LANGUAGE_IDS) answers.push(await this.checkLanguage(id));
    return answers;
  }

  async status(): Promise<RunnerStatus> {
    const sandbox = await this.checkSandbox();
    const driver = this.cgroups.driver;
    return {
      sandbox,
      limits: {
        memory: driver ? driver.kind : 'rlimit-data',
        processes: driver?.hasPids ? 'pids cgroup and RLIMIT_NPROC' : 'RLIMIT_NPROC',
        cpu: driver?.hasCpu ? 'RLIMIT_CPU, measured by the cgroup' : 'RLIMIT_CPU',
      },
      slots: this.config.slots,
      busy: this.pool.busy,
      queued: this.pool.queued,
      queue_size: this.config.queueSize,
    };
  }

  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    this.pool.close();
    for (const slot of this.slots) slot.stop();
    // Running sandboxes were killed through the closing signal; wait until every slot is handed back.
    for (let waited = 0; this.pool.busy > 0 && waited < 10_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(this.slots.map((slot) => slot.dispose()));
    this.cgroups.driver?.dispose();
    process.removeListener('exit', this.disposeOnExit);
  }
}

/**
 * Creates the runner. Cheap and synchronous: the sandbox and each language are probed on first use (or
 * by languages()/status()), then remembered.
 */
export function createRunner(config: RunnerConfig = {}): Runner {
  return new SandboxRunner(config);
}
