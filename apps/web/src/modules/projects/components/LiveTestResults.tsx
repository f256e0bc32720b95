import type { TestResultsResponse } from '@coderoom/contracts';
import { LiveTestStatus } from '@coderoom/domain';

/** The outcome of Run tests: one line per test, with its output when it failed. */
export function LiveTestResults({ results }: { results: TestResultsResponse }) {
  const { tests, error } = results.results;
  const passed = tests.filter((test) => test.passed).length;
  const isDone = results.live_test_status !== LiveTestStatus.Pending;
  return (
    <div className="live-tests" data-testid="live-test-results">
      {isDone && tests.length > 0 && (
        <p className={`live-tests-summary ${passed === tests.length ? 'is-passed' : 'is-failed'}`}>
          {passed === tests.length
            ? `All ${tests.length} tests passed.`
            : `${passed} of ${tests.length} tests passed.`}
        </p>
      )}
      {error && <p className="live-tests-summary is-failed">{error}</p>}
      <ul className="live-tests-list">
        {tests.map((test) => (
          <li key={test.id} className={test.passed ? 'is-passed' : 'is-failed'}>
            <span className="live-tests-mark" aria-hidden="true">
              {test.passed ? '✓' : '✗'}
            </span>
            <span>{test.name}</span>
            <span className="visually-hidden">{test.passed ? 'passed' : 'failed'}</span>
            {!test.passed && test.output.trim() && (
              <pre className="live-tests-output">{test.output.trim()}</pre>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
