import fs from 'node:fs';
import { GO, SEED_PATH, seedFiles } from './languages/go.js';
import { NODE } from './languages/javascript.js';
import { filesWithExtension, type ProgramFiles } from './languages/language.js';
import { BASE_ENV, HARNESS_DIR, TMP_DIR } from './sandbox/layout.js';
import { decodeOutput } from './sandbox/output.js';
import { type SandboxFile, type Slot, startSandbox } from './sandbox/sandbox.js';
import { assertSandboxStarted, compileLimits, type StepContext, sourceFiles } from './steps.js';
import type { LanguageId, LintResult } from './types.js';
import type { ValidProgram } from './validate.js';

// Each language's standard linters and formatters, run like a compiler: in a sandbox, on the learner's
// files only (no hidden code), with compile-sized limits. A tool that is not installed is skipped and
// reported as such, never guessed at.

interface Linter {
  tool: string;
  /** The tool is installed when this path exists on the host (and is bound into the sandbox). */
  requires: string;
  argv(program: ProgramFiles): string[];
  extraFiles?(): Promise<SandboxFile[]>;
  /** Host paths the tool needs beyond the language's binds (bound read-only when they exist). */
  binds?: string[];
  /** Rewrites the tool's output before it is reported (host side): its own format into `file:line: …`. */
  format?(output: string): string;
}

const GOFMT = '/usr/lib/go/bin/gofmt';
const GPP = '/usr/bin/g++';
const PYFLAKES = '/usr/lib/python3/dist-packages/pyflakes';
/** Debian's node-typescript (tsc 4.8): /usr/bin/tsc links into /usr/share/nodejs, bound for it alone. */
const TSC = '/usr/share/nodejs/typescript/lib/tsc.js';
const JAVAC = '/usr/bin/javac';
const JAVA = '/usr/bin/java';
/** Debian's ecj (the Eclipse compiler): it reports unused locals, which javac has no warning for. */
const ECJ_JAR = '/usr/share/java/eclipse-jdt-core.jar';
/** Debian's rust-clippy, built for Debian's rustc (rustup's clippy under /root is unreadable to the sandbox). */
const CLIPPY = '/usr/bin/clippy-driver';

/**
 * What tsc needs to know about Node to check a learner's program without @types/node (not packaged by
 * Debian): Node's globals and every bare import as `any`. Enough for unused names, unreachable code and,
 * in TypeScript, type errors in the learner's own code; calls into Node's API are not type-checked.
 */
const NODE_GLOBALS = `declare var require: any;
declare var module: any;
declare var exports: any;
declare var process: any;
declare var Buffer: any;
declare var __dirname: string;
declare var __filename: string;
declare var console: any;
declare var setTimeout: any;
declare var clearTimeout: any;
declare var setInterval: any;
declare var clearInterval: any;
declare var setImmediate: any;
declare var queueMicrotask: any;
declare var structuredClone: any;
declare var TextEncoder: any;
declare var TextDecoder: any;
declare var URL: any;
declare var URLSearchParams: any;
declare var fetch: any;
declare var performance: any;
declare module '*';
`;
const NODE_GLOBALS_PATH = `${HARNESS_DIR}/node-globals.d.ts`;

/** tsc's diagnostics that are lint findings in JavaScript: syntax (1xxx), unused names (6xxx), unreachable code and labels, fallthrough (7027–7029). */
const JS_LINT_CODE = /^(1\d{3}|6\d{3}|702[789])$/;

/** `main.ts(3,7): error TS6133: 'x' is declared…` → `main.ts:3:7: 'x' is declared… (TS6133)`; `keep` picks the codes. */
function tscDiagnostics(output: string, keep: (code: string) => boolean): string {
  return output
    .split('\n')
    .flatMap((line) => {
      const match = /^(.+?)\((\d+),(\d+)\): (?:error|warning) TS(\d+): (.*)$/.exec(line);
      if (!match) return [];
      const [, file, row, column, code = '', message] = match;
      if (file?.startsWith(HARNESS_DIR) || !keep(code)) return [];
      return [`${file}:${row}:${column}: ${message} (TS${code})`];
    })
    .join('\n');
}

function tscLinter(language: 'javascript' | 'typescript'): Linter {
  const sources = language === 'javascript' ? ['.js', '.mjs', '.cjs'] : ['.ts', '.tsx', '.mts'];
  return {
    tool: 'tsc',
    requires: TSC,
    binds: ['/usr/share/nodejs'],
    argv: (program) => [
      NODE,
      TSC,
      '--noEmit',
      '--pretty',
      'false',
      '--target',
      'es2022',
      '--lib',
      'es2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'node',
      '--esModuleInterop',
      // Every file is a module, so unused top-level names count and two files' names never clash.
      '--moduleDetection',
      'force',
      '--noUnusedLocals',
      '--allowUnreachableCode',
      'false',
      '--allowUnusedLabels',
      'false',
      '--noFallthroughCasesInSwitch',
      ...(language === 'javascript' ? ['--allowJs', '--checkJs'] : []),
      ...filesWithExtension(program, sources),
      NODE_GLOBALS_PATH,
    ],
    extraFiles: async () => [{ path: NODE_GLOBALS_PATH, content: Buffer.from(NODE_GLOBALS), readOnly: true }],
    // JavaScript gets lint findings only (checkJs would also type-check, which JS learners did not ask for).
    format: (output) =>
      tscDiagnostics(output, language === 'javascript' ? (code) => JS_LINT_CODE.test(code) : () => true),
  };
}

const LINTERS: Partial<Record<LanguageId, Linter[]>> = {
  go: [
    {
      tool: 'go vet',
      requires: GO,
      argv: () => [
        '/bin/sh',
        '-c',
        'mkdir -p "$GOCACHE" && { [ ! -f "$1" ] || /usr/bin/tar -xf "$1" -C "$GOCACHE"; } && shift && exec "$@"',
        'go-vet',
        SEED_PATH,
        GO,
        'vet',
        '.',
      ],
      extraFiles: seedFiles,
    },
    {
      tool: 'gofmt',
      requires: GOFMT,
      argv: (program) => [GOFMT, '-l', ...filesWithExtension(program, ['.go'])],
    },
  ],
  'c++': [
    {
      tool: 'g++ -Wall -Wextra',
      requires: GPP,
      argv: (program) => [
        GPP,
        '-std=gnu++17',
        '-fsyntax-only',
        '-Wall',
        '-Wextra',
        '-fdiagnostics-color=never',
        ...filesWithExtension(program, ['.cpp', '.cc', '.cxx']),
      ],
    },
  ],
  javascript: [tscLinter('javascript')],
  typescript: [tscLinter('typescript')],
  java: [
    {
      tool: 'javac -Xlint:all',
      requires: JAVAC,
      argv: (program) => [
        JAVAC,
        '-J-XX:+UseSerialGC',
        '-J-XX:TieredStopAtLevel=1',
        '-Xlint:all',
        '-encoding',
        'UTF-8',
        '-d',
        `${TMP_DIR}/javac-lint`,
        ...filesWithExtension(program, ['.java']),
      ],
      // javac's summary ("1 warning") and the source excerpt under each warning are not findings.
      format: (output) =>
        output
          .split('\n')
          .filter((line) => /^\S+\.java:\d+: /.test(line))
          .join('\n'),
    },
    {
      tool: 'ecj',
      requires: ECJ_JAR,
      binds: ['/usr/share/java'],
      argv: (program) => [
        JAVA,
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1',
        '-cp',
        ECJ_JAR,
        'org.eclipse.jdt.internal.compiler.batch.Main',
        '-Xemacs',
        '-proc:none',
        '-d',
        'none',
        '-17',
        '-encoding',
        'UTF-8',
        // Exactly the unused-code warnings: javac -Xlint:all covers the rest.
        '-warn:unused',
        ...filesWithExtension(program, ['.java']),
      ],
      format: (output) =>
        output
          .split('\n')
          .filter((line) => /^\S+\.java:\d+: /.test(line))
          .map((line) => line.replace(/^\/box\/src\//, ''))
          .join('\n'),
    },
  ],
  rust: [
    {
      tool: 'clippy',
      requires: CLIPPY,
      argv: (program) => [
        CLIPPY,
        '--sysroot',
        '/usr',
        '--edition=2021',
        '--color=never',
        // rustc's own unused warnings come with the build already; clippy adds its lints.
        '-A',
        'unused',
        '-W',
        'clippy::all',
        '--emit=metadata',
        '-o',
        `${TMP_DIR}/clippy.rmeta`,
        program.entry,
      ],
    },
  ],
  python3: [
    {
      tool: 'pyflakes',
      requires: PYFLAKES,
      argv: (program) => ['/usr/bin/python3', '-m', 'pyflakes', ...filesWithExtension(program, ['.py'])],
    },
  ],
};

/** Runs the language's linters one after another in the slot; each reports its output and exit code. */
export async function lintProgram(
  context: StepContext,
  slot: Slot,
  valid: ValidProgram,
  signal?: AbortSignal,
): Promise<LintResult> {
  const tools: LintResult['tools'] = [];
  for (const linter of LINTERS[valid.language.id] ?? []) {
    if (!fs.existsSync(linter.requires)) {
      tools.push({ tool: linter.tool, available: false, exit_code: null, output: '' });
      continue;
    }
    const run = startSandbox(
      slot,
      {
        argv: linter.argv(valid.program),
        env: { ...BASE_ENV, ...valid.language.env },
        files: [...sourceFiles(valid.program), ...((await linter.extraFiles?.()) ?? [])],
        binds: [
          ...context.binds(valid.language),
          ...(linter.binds ?? []).filter((bind) => fs.existsSync(bind)),
        ],
        limits: compileLimits(context.limits),
      },
      context.host,
      signal,
    );
    const result = await run.result;
    assertSandboxStarted(result);
    const output = decodeOutput(Buffer.concat([result.stdout, result.stderr])).trim();
    tools.push({
      tool: linter.tool,
      available: true,
      exit_code: result.exitCode,
      output: linter.format ? linter.format(output).trim() : output,
    });
  }
  return { tools };
}
