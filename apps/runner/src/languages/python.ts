import { HARNESS_DIR, SRC_DIR } from '../sandbox/layout.js';
import type { LanguageDefinition } from './language.js';
import { parseJsonLines, resultFromRecord } from './testResults.js';

/**
 * Runs the author's unittest module and reports each test (and each failing subTest) as one JSON line on
 * fd 4, so the learner's own prints stay on stdout. A syntax error on import is a compile error.
 */
const UNITTEST_RUNNER = `
import importlib, json, os, sys, time, traceback, unittest

def emit(record):
    os.write(4, (json.dumps(record) + "\\n").encode())

class Reporter(unittest.TestResult):
    def startTest(self, test):
        super().startTest(test)
        self._started = time.perf_counter()

    def _emit(self, test, status, message=None):
        elapsed = (time.perf_counter() - self._started) * 1000
        emit({"name": test.id(), "status": status, "message": message, "duration_ms": round(elapsed, 3)})

    def _assertion(self, err):
        return "".join(traceback.format_exception_only(err[0], err[1])).strip()

    def addSuccess(self, test):
        super().addSuccess(test)
        self._emit(test, "passed")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._emit(test, "failed", self._assertion(err))

    def addError(self, test, err):
        super().addError(test, err)
        self._emit(test, "failed", self._exc_info_to_string(err, test).strip())

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._emit(test, "skipped", reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._emit(test, "passed")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._emit(test, "failed", "Unexpected success")

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            failed = issubclass(err[0], test.failureException)
            message = self._assertion(err) if failed else self._exc_info_to_string(err, test).strip()
            self._emit(subtest, "failed", message)

sys.path.insert(0, os.getcwd())
try:
    module = importlib.import_module(sys.argv[1])
except SyntaxError as error:
    emit({"compile_error": "".join(traceback.format_exception_only(type(error), error))})
    sys.exit(0)
except BaseException:
    emit({"error": traceback.format_exc()})
    sys.exit(0)

suite = unittest.defaultTestLoader.loadTestsFromModule(module)
suite.run(Reporter())
emit({"done": True})
`;

export const python: LanguageDefinition = {
  id: 'python3',
  label: 'Python 3',
  defaultEntry: 'main.py',
  // The system interpreter: a pyenv shim adds ~150 ms per run and lives under /root.
  binaries: ['/usr/bin/python3'],
  binds: () => [],
  versionArgv: ['/usr/bin/python3', '--version'],
  env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
  compile: null,
  run: ({ entry }) => ['/usr/bin/python3', '-B', entry],
  tests: {
    framework: 'unittest',
    defaultFilename: 'test_main.py',
    compiles: false,
    plan: async ({ testFilename, testCode }) => ({
      files: [
        { path: `${SRC_DIR}/${testFilename}`, content: testCode },
        { path: `${HARNESS_DIR}/unittest_runner.py`, content: UNITTEST_RUNNER, readOnly: true },
      ],
      argv: [
        '/usr/bin/python3',
        '-B',
        `${HARNESS_DIR}/unittest_runner.py`,
        testFilename.replace(/\.py$/, '').replaceAll('/', '.'),
      ],
    }),
    parse: (channel) => {
      const records = parseJsonLines(channel);
      const compileError = records.find((record) => typeof record.compile_error === 'string');
      if (compileError) return { tests: [], compileError: String(compileError.compile_error) };
      const error = records.find((record) => typeof record.error === 'string');
      if (error) return { tests: [], error: String(error.error) };
      return { tests: records.flatMap((record) => resultFromRecord(record) ?? []) };
    },
  },
};
