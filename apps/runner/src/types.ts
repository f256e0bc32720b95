/**
 * The runner's public request and response shapes. Field names are snake_case like the spec's payloads
 * (spec 000 §3 "Code evaluation default content", §7 /api/code/execute, /api/code/judge, /api/codetest/run),
 * so the server can pass validated bodies straight through and present results as they are.
 */

export const LANGUAGE_IDS = ['python3', 'javascript', 'typescript', 'c++', 'go', 'rust', 'java'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

export function isLanguageId(value: string): value is LanguageId {
  return (LANGUAGE_IDS as readonly string[]).includes(value);
}

/** A file shipped next to the entry file, relative to the working directory (e.g. `utils/math.py`). */
export interface SourceFile {
  filename: string;
  content: string;
}

/** What every kind of run shares: the learner's program and the widget's settings. */
export interface ProgramRequest {
  language: string;
  source_code: string;
  /** The entry file's name; defaults per language (main.py, main.js, main.ts, main.cpp, main.go, main.rs, Main.java). */
  entry_filename?: string;
  additional_files?: SourceFile[];
  /** Hidden code the widget wraps around the learner's source (enableHiddenCode). */
  hidden_prepend_code?: string;
  hidden_append_code?: string;
  /** The widget's selected environment variables and API keys, already resolved to values by the server. */
  env_vars?: Record<string, string>;
  /** Wall-clock limit in seconds (spec default 30); for a judge, per test case. */
  time_limit?: number;
  /** CPU-time limit in seconds; defaults to time_limit. */
  cpu_time_limit?: number;
  /** Memory limit in MiB; capped by the runner's configuration. */
  memory_limit_mb?: number;
}

export interface ExecuteRequest extends ProgramRequest {
  stdin?: string;
}

/**
 * How a run ended. `ok` means exit code 0; a non-zero exit or a fatal signal is `runtime_error`;
 * limits have their own statuses so the UI can say which one was hit.
 */
export type RunStatus =
  | 'ok'
  | 'compile_error'
  | 'runtime_error'
  | 'time_limit'
  | 'memory_limit'
  | 'output_limit';

export interface ExecuteResult {
  status: RunStatus;
  stdout: string;
  stderr: string;
  stdout_truncated: boolean;
  stderr_truncated: boolean;
  /** Exit status as the sandbox reported it; null when the program never ran (compile error). */
  exit_code: number | null;
  /** Fatal signal name (e.g. SIGSEGV) when the exit status was 128+n for a fatal signal. */
  signal: string | null;
  /** Compiler or transpiler output (warnings included); null for interpreted languages. */
  compile_output: string | null;
  compile_time_ms: number | null;
  compile_cached: boolean;
  /** Wall time of the run step in milliseconds. */
  time_ms: number;
  /** CPU time of the whole sandbox; null when the host has no CPU accounting cgroup. */
  cpu_time_ms: number | null;
  /** Peak memory of the whole sandbox in bytes; null when the host has no memory cgroup. */
  memory_bytes: number | null;
  timed_out: boolean;
  /** Which clock ran out when timed_out. */
  time_limit_kind: 'wall' | 'cpu' | null;
  memory_limit_exceeded: boolean;
}

export const COMPARISON_MODES = ['exact', 'trimmed', 'tokens', 'float'] as const;
export type ComparisonMode = (typeof COMPARISON_MODES)[number];

export interface JudgeTestCase {
  /** The widget's id for the case, echoed back. */
  id?: string;
  input: string;
  expected_output: string;
  hidden?: boolean;
  /** Overrides the request's comparison mode for this case. */
  comparison?: ComparisonMode;
}

export interface JudgeRequest extends ProgramRequest {
  test_cases: JudgeTestCase[];
  /** Default comparison mode for all cases (default `trimmed`). */
  comparison?: ComparisonMode;
  /** Absolute and relative tolerance for `float` comparison (default 1e-6). */
  float_tolerance?: number;
}

export type CaseVerdict = 'passed' | 'wrong_answer' | 'runtime_error' | 'time_limit' | 'not_run';

/**
 * One case's outcome. Hidden cases carry only index, id, hidden, verdict and time: never their input,
 * the expected or actual output, stderr, exit code or a message derived from them.
 */
export interface JudgeCaseResult {
  index: number;
  id: string | null;
  hidden: boolean;
  verdict: CaseVerdict;
  time_ms: number | null;
  /** Human-readable detail for visible cases (e.g. "Exited with code 1", "Memory limit exceeded"). */
  message?: string;
  input?: string;
  expected_output?: string;
  actual_output?: string;
  actual_output_truncated?: boolean;
  stderr?: string;
  exit_code?: number | null;
}

export interface JudgeResult {
  status: 'completed' | 'compile_error';
  compile_output: string | null;
  compile_time_ms: number | null;
  compile_cached: boolean;
  passed: number;
  total: number;
  all_passed: boolean;
  cases: JudgeCaseResult[];
  /** Wall time of the whole judge run (all cases, one sandbox). */
  time_ms: number;
}

export interface RunTestsRequest extends ProgramRequest {
  /** The author's unit tests (unittest, node:test, go test, #[test] functions, a Java test class). */
  test_code: string;
  /** Defaults per language: test_main.py, main.test.js, main.test.ts, main_test.go, tests.rs, MainTest.java. */
  test_filename?: string;
}

export interface UnitTestResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  message: string | null;
  duration_ms: number | null;
}

export interface RunTestsResult {
  /**
   * `completed`: the test framework ran and reported. `compile_error`: the learner's or the tests' code does
   * not build. `error`: the framework could not report (crash before any test, time or memory limit).
   */
  status: 'completed' | 'compile_error' | 'error';
  tests: UnitTestResult[];
  passed: number;
  failed: number;
  total: number;
  compile_output: string | null;
  stdout: string;
  stderr: string;
  stdout_truncated: boolean;
  stderr_truncated: boolean;
  timed_out: boolean;
  memory_limit_exceeded: boolean;
  time_ms: number;
  /** Why status is `error`, in words the learner can act on. */
  message: string | null;
}

export interface LanguageAvailability {
  language: LanguageId;
  label: string;
  available: boolean;
  /** The toolchain's version line when available. */
  version: string | null;
  /** Why the language cannot run here, when unavailable. */
  reason: string | null;
  /** Which unit-test facility runTests uses for it. */
  test_framework: string;
}

export interface RunOptions {
  signal?: AbortSignal;
}

export interface RunnerStatus {
  sandbox: { available: boolean; reason: string | null };
  /** How memory, process and CPU limits are enforced on this host. */
  limits: { memory: 'cgroup-v1' | 'cgroup-v2' | 'rlimit-data'; processes: string; cpu: string };
  slots: number;
  busy: number;
  queued: number;
  queue_size: number;
}

/** What each of a language's linters said about a program (Runner.lint). */
export interface LintResult {
  tools: Array<{
    tool: string;
    /** False when the tool is not installed on this host; it was not run. */
    available: boolean;
    exit_code: number | null;
    /** stdout and stderr, paths relative to the sandbox's /box/src. */
    output: string;
  }>;
}
