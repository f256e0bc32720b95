import { BIN_DIR, OUT_DIR } from '../sandbox/layout.js';
import { buildThenTest, type LanguageDefinition } from './language.js';
import { parseJsonLines } from './testResults.js';

const RUSTC = '/usr/bin/rustc';

/**
 * libtest's plain output: `test name ... ok|FAILED|ignored` lines, then a `---- name stdout ----` block
 * per failure with the panic message. (Its JSON format is unstable-only.)
 */
export function parseRustTests(channel: string) {
  if (parseJsonLines(channel).some((record) => record.compile_error === true))
    return { tests: [], compileError: '' };
  const messages = new Map<string, string>();
  const blocks = channel.split(/^---- (.+?) stdout ----$/m);
  for (let index = 1; index + 1 < blocks.length; index += 2) {
    const body = (blocks[index + 1] ?? '').split(/\n\n(?:failures:|successes:)/)[0] ?? '';
    messages.set(blocks[index] ?? '', body.replace(/\nnote: run with `RUST_BACKTRACE=1`.*$/m, '').trim());
  }
  const tests = [];
  for (const match of channel.matchAll(/^test (\S+) \.\.\. (ok|FAILED|ignored)/gm)) {
    const name = match[1] ?? '';
    const outcome = match[2];
    tests.push({
      name,
      status:
        outcome === 'ok'
          ? ('passed' as const)
          : outcome === 'FAILED'
            ? ('failed' as const)
            : ('skipped' as const),
      message: outcome === 'FAILED' ? (messages.get(name) ?? null) : null,
      duration_ms: null,
    });
  }
  return { tests };
}

export const rust: LanguageDefinition = {
  id: 'rust',
  label: 'Rust',
  defaultEntry: 'main.rs',
  // Debian's rustc: rustup's toolchain under /root is unreadable to the sandbox's uids.
  binaries: [RUSTC, '/usr/bin/cc'],
  binds: () => [],
  versionArgv: [RUSTC, '--version'],
  env: {},
  compile: {
    kind: 'sandbox',
    argv: (program) => [
      RUSTC,
      '--edition=2021',
      '-O',
      '-C',
      'strip=symbols',
      '--color=never',
      '-o',
      `${OUT_DIR}/main`,
      program.entry,
    ],
  },
  run: () => [`${BIN_DIR}/main`],
  tests: {
    framework: 'cargo test (rustc --test)',
    defaultFilename: 'tests.rs',
    compiles: true,
    // The tests join the crate root so `use super::*` reaches the learner's items, as in a Cargo project.
    plan: async ({ program, testCode }) => {
      const tests = testCode.includes('#[cfg(test)]')
        ? testCode
        : `#[cfg(test)]\nmod tests {\n    use super::*;\n${testCode}\n}\n`;
      const source = `${program.files.get(program.entry) ?? ''}\n\n${tests}`;
      return {
        files: [],
        programFiles: new Map(program.files).set(program.entry, source),
        argv: buildThenTest(
          `${RUSTC} --edition=2021 --test --color=never -A dead_code -o ${OUT_DIR}/tests ${program.entry}`,
          `exec ${OUT_DIR}/tests --test-threads=1 --color=never >&4`,
        ),
      };
    },
    parse: parseRustTests,
  },
};
