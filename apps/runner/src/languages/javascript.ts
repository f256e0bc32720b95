import vm from 'node:vm';
import { HARNESS_DIR, SRC_DIR } from '../sandbox/layout.js';
import {
  heapMb,
  type LanguageDefinition,
  type ParsedTests,
  type ProgramFiles,
  type RunContext,
} from './language.js';
import { parseJsonLines, resultFromRecord } from './testResults.js';

export const NODE = '/usr/bin/node';

/**
 * A node:test reporter: learner output keeps flowing to stdout/stderr, results go to fd 4 as JSON lines.
 * A test file that cannot load shows up as a failing "test" named after the file; it is reported as an
 * error with what the file printed.
 */
export const NODE_TEST_REPORTER = `
import { writeSync } from 'node:fs';

const emit = (record) => writeSync(4, JSON.stringify(record) + '\\n');

function describeError(error) {
  const cause = error?.cause ?? error;
  if (!cause) return null;
  if (cause.code === 'ERR_ASSERTION' || cause.name === 'AssertionError') return String(cause.message);
  return String(cause.stack ?? cause.message ?? cause);
}

export default async function* reporter(source) {
  const names = [];
  let printed = '';
  for await (const event of source) {
    const data = event.data ?? {};
    if (event.type === 'test:stdout') {
      yield data.message;
    } else if (event.type === 'test:stderr') {
      writeSync(2, data.message);
      printed = (printed + data.message).slice(-8000);
    } else if (event.type === 'test:start') {
      names.length = data.nesting;
      names[data.nesting] = data.name;
    } else if (event.type === 'test:pass' || event.type === 'test:fail') {
      if (data.details?.type === 'suite') continue;
      if (data.nesting === 0 && data.file && data.name === data.file) {
        if (event.type === 'test:fail') emit({ error: printed || describeError(data.details?.error) || 'The test file failed.' });
        continue;
      }
      const name = [...names.slice(0, data.nesting), data.name].join(' > ');
      const skipped = data.skip !== undefined || data.todo !== undefined;
      emit({
        name,
        status: skipped ? 'skipped' : event.type === 'test:pass' ? 'passed' : 'failed',
        message: skipped ? (typeof data.skip === 'string' ? data.skip : typeof data.todo === 'string' ? data.todo : null) : event.type === 'test:fail' ? describeError(data.details?.error) : null,
        duration_ms: data.details?.duration_ms ?? null,
      });
    }
  }
}
`;

/**
 * Node 20.10–22.6 need a flag to run ES-module syntax from a `.js` file; later versions detect it by default.
 * The detection costs: such a start goes through the ES-module loader (measured here: tens of ms over a
 * plain CommonJS start). So the flag is added only when the program needs it (`detectModule`).
 */
export function nodeFlags(
  { memoryMb, version }: Pick<RunContext, 'memoryMb' | 'version'>,
  detectModule = true,
): string[] {
  const flags = [`--max-old-space-size=${heapMb(memoryMb)}`];
  const match = /v(\d+)\.(\d+)/.exec(version ?? '');
  const major = Number(match?.[1] ?? 0);
  const minor = Number(match?.[2] ?? 0);
  if (detectModule && ((major === 20 && minor >= 10) || major === 21 || (major === 22 && minor < 7))) {
    flags.push('--experimental-detect-module');
  }
  return flags;
}

/**
 * Whether every `.js` file of the program is valid CommonJS, i.e. Node would run it as CommonJS even with
 * module detection. Only parsed (V8 compiles the function without calling it), never run, on the host.
 */
export function isCommonJsProgram(program: ProgramFiles | undefined): boolean {
  if (!program) return false;
  for (const [name, code] of program.files) {
    if (!name.endsWith('.js')) continue;
    try {
      vm.compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], {
        filename: name,
      });
    } catch {
      return false;
    }
  }
  return true;
}

export function parseNodeTests(channel: string): ParsedTests {
  const records = parseJsonLines(channel);
  const tests = records.flatMap((record) => resultFromRecord(record) ?? []);
  const error = records.find((record) => typeof record.error === 'string');
  return error && tests.length === 0 ? { tests, error: String(error.error) } : { tests };
}

export const javascript: LanguageDefinition = {
  id: 'javascript',
  label: 'JavaScript (Node.js)',
  defaultEntry: 'main.js',
  binaries: [NODE],
  binds: () => [],
  versionArgv: [NODE, '--version'],
  env: { NODE_ENV: 'production' },
  compile: null,
  run: (context) => [NODE, ...nodeFlags(context, !isCommonJsProgram(context.program)), context.entry],
  tests: {
    framework: 'node:test',
    defaultFilename: 'main.test.js',
    compiles: false,
    plan: async ({ testFilename, testCode, memoryMb, version }) => ({
      files: [
        { path: `${SRC_DIR}/${testFilename}`, content: testCode },
        { path: `${HARNESS_DIR}/reporter.mjs`, content: NODE_TEST_REPORTER, readOnly: true },
      ],
      argv: [
        NODE,
        ...nodeFlags({ memoryMb, version }),
        '--test',
        `--test-reporter=${HARNESS_DIR}/reporter.mjs`,
        '--test-reporter-destination=stdout',
        testFilename,
      ],
    }),
    parse: parseNodeTests,
  },
};
