import type { SandboxFile, SandboxResult } from '../sandbox/sandbox.js';
import type { LanguageId, UnitTestResult } from '../types.js';

/** The learner's files as they will appear in /box/src, entry first, hidden code already applied. */
export interface ProgramFiles {
  entry: string;
  files: Map<string, string>;
}

export interface RunContext {
  entry: string;
  memoryMb: number;
  /** Toolchain version line from the availability probe (e.g. "v20.20.2"). */
  version: string | null;
  /** The learner's files (hidden code applied) and the build, for languages whose command depends on them. */
  program?: ProgramFiles;
  artifact?: Artifact | null;
}

/** Output of a successful build: files mounted read-only under /box/bin for the run step. */
export interface Artifact {
  files: Array<{ path: string; content: Buffer; mode: number }>;
  /** Compiler warnings, shown as compile_output. */
  output: string;
}

export type HostBuild = { ok: true; artifact: Artifact } | { ok: false; output: string };

export type CompileStep =
  /** Compiles inside a sandbox; everything the compiler writes to /box/out becomes the artifact. */
  | {
      kind: 'sandbox';
      argv(program: ProgramFiles): string[];
      /** Read-only files the compiler gets besides the learner's (a seed for its build cache). */
      extraFiles?(): Promise<SandboxFile[]>;
    }
  /** Transpiles on the host (TypeScript through esbuild): pure parsing, no learner code runs. */
  | { kind: 'host'; build(program: ProgramFiles): Promise<HostBuild> };

export interface TestContext {
  program: ProgramFiles;
  testFilename: string;
  testCode: string;
  memoryMb: number;
  version: string | null;
}

export interface TestPlan {
  /** Files beyond the learner's: the test file, harness scripts. Absolute sandbox paths. */
  files: SandboxFile[];
  /** Learner files to replace (e.g. Rust tests appended to the crate root). */
  programFiles?: Map<string, string>;
  argv: string[];
}

export interface ParsedTests {
  tests: UnitTestResult[];
  /** The code did not build; the compiler's message. */
  compileError?: string;
  /** The framework could not report; a message for the learner. */
  error?: string;
}

export interface LanguageTests {
  framework: string;
  defaultFilename: string;
  /** Builds inside the test sandbox, so compile-sized limits apply. */
  compiles: boolean;
  plan(context: TestContext): Promise<TestPlan | { compileError: string }>;
  /** Reads what the harness wrote to the channel (fd 4) and the run's own outcome. */
  parse(channel: string, run: SandboxResult): ParsedTests;
}

export interface LanguageDefinition {
  id: LanguageId;
  label: string;
  defaultEntry: string;
  /** Executables that must exist (and be usable by other users) for the language to be available. */
  binaries: string[];
  /** Host paths beyond the base binds that the toolchain reads; resolved once, bound when present. */
  binds(): string[];
  versionArgv: string[];
  /** Environment for every step of this language, on top of the base environment. */
  env: Record<string, string>;
  compile: CompileStep | null;
  /** Adds files the toolchain needs and the learner may omit (Go's go.mod). */
  prepare?(program: ProgramFiles): ProgramFiles;
  run(context: RunContext): string[];
  /** Null when the language has no unit-test facility here yet. */
  tests: LanguageTests | null;
}

/** Files with one of these extensions, in a stable order (entry first). */
export function filesWithExtension(program: ProgramFiles, extensions: string[]): string[] {
  const names = [...program.files.keys()].filter((name) =>
    extensions.some((extension) => name.endsWith(extension)),
  );
  return [program.entry, ...names.filter((name) => name !== program.entry).sort()].filter((name) =>
    extensions.some((extension) => name.endsWith(extension)),
  );
}

/**
 * A shell script for compiled test suites: build, and on failure print the compiler's message to stderr
 * and a marker on fd 4, so the runner can answer compile_error with the compiler's own words.
 */
export function buildThenTest(buildCommand: string, testCommand: string): string[] {
  return [
    '/bin/sh',
    '-c',
    `${buildCommand} >/box/tmp/build.log 2>&1 || { cat /box/tmp/build.log >&2; echo '{"compile_error":true}' >&4; exit 0; }; ${testCommand}`,
  ];
}

export function heapMb(memoryMb: number): number {
  return Math.max(32, Math.floor(memoryMb * 0.75));
}
