import fs from 'node:fs';
import { BIN_DIR, OUT_DIR, SRC_DIR, TMP_DIR } from '../sandbox/layout.js';
import { buildThenTest, type LanguageDefinition, type ProgramFiles } from './language.js';
import { type JsonRecord, parseJsonLines } from './testResults.js';

const GO = '/usr/bin/go';

/** Debian's GOROOT (/usr/lib/go-1.xx) links its sources from /usr/share/go-1.xx. */
function goShareDirs(): string[] {
  try {
    return fs
      .readdirSync('/usr/share')
      .filter((name) => /^go(-[\d.]+)?$/.test(name))
      .map((name) => `/usr/share/${name}`);
  } catch {
    return [];
  }
}

/**
 * A module file when the learner did not send one, so `go build .` and `go test` work on plain files.
 * (Not "main": a module named main cannot be imported by the generated test binary.)
 */
export function withGoModule(program: ProgramFiles): ProgramFiles {
  if (program.files.has('go.mod')) return program;
  return { ...program, files: new Map(program.files).set('go.mod', 'module program\n\ngo 1.19\n') };
}

/** test2json events → one result per test, with the test's own output as the failure message. */
function parseGoTests(channel: string) {
  const records = parseJsonLines(channel);
  if (records.some((record) => record.compile_error === true)) return { tests: [], compileError: '' };
  const output = new Map<string, string>();
  const tests = [];
  for (const record of records as Array<JsonRecord & { Action?: string; Test?: string; Output?: string }>) {
    const name = record.Test;
    if (typeof name !== 'string') continue;
    if (record.Action === 'output' && typeof record.Output === 'string') {
      if (/^(=== (RUN|PAUSE|CONT)|--- (PASS|FAIL|SKIP))/.test(record.Output.trim())) continue;
      output.set(name, (output.get(name) ?? '') + record.Output);
    } else if (record.Action === 'pass' || record.Action === 'fail' || record.Action === 'skip') {
      const message = (output.get(name) ?? '').trim();
      tests.push({
        name,
        status:
          record.Action === 'pass'
            ? ('passed' as const)
            : record.Action === 'fail'
              ? ('failed' as const)
              : ('skipped' as const),
        message: message === '' || record.Action === 'pass' ? null : message,
        duration_ms: typeof record.Elapsed === 'number' ? Math.round(record.Elapsed * 1000) : null,
      });
    }
  }
  return { tests };
}

export const go: LanguageDefinition = {
  id: 'go',
  label: 'Go',
  defaultEntry: 'main.go',
  binaries: [GO],
  binds: goShareDirs,
  versionArgv: [GO, 'version'],
  // The build cache lives on the sandbox's tmpfs: nothing is shared between runs. (No -trimpath: it
  // changes build ids, so Debian's precompiled standard library would be rebuilt, 0.3 s → 5 s.)
  env: {
    GOCACHE: `${TMP_DIR}/go-cache`,
    GOPATH: `${TMP_DIR}/go`,
    GOFLAGS: '-mod=mod',
    GOPROXY: 'off',
    GOTOOLCHAIN: 'local',
    GOTELEMETRY: 'off',
    CGO_ENABLED: '0',
  },
  prepare: withGoModule,
  compile: {
    kind: 'sandbox',
    argv: () => [GO, 'build', '-ldflags=-s -w', '-o', `${OUT_DIR}/main`, '.'],
  },
  run: () => [`${BIN_DIR}/main`],
  tests: {
    framework: 'go test',
    defaultFilename: 'main_test.go',
    compiles: true,
    plan: async ({ testFilename, testCode }) => ({
      files: [{ path: `${SRC_DIR}/${testFilename}`, content: testCode }],
      argv: buildThenTest(
        `${GO} test -c -vet=off -o ${OUT_DIR}/tests .`,
        `exec ${GO} tool test2json -t ${OUT_DIR}/tests -test.v -test.count=1 -test.parallel=1 >&4`,
      ),
    }),
    parse: parseGoTests,
  },
};
