import type { RunTestsResponse } from '@coderoom/contracts';

const STATUS_TEXT = { passed: 'Passed', failed: 'Failed', skipped: 'Skipped' } as const;

/** What the author's unit tests said about the learner's code. */
export function UnitTestResults({ result }: { result: RunTestsResponse }) {
  if (result.status !== 'completed') {
    return (
      <div className="run-output">
        <span className="badge badge-error">
          {result.status === 'compile_error' ? 'Compile error' : 'Tests could not run'}
        </span>
        {result.message && <p className="small">{result.message}</p>}
        {(result.compile_output || result.stderr) && (
          <pre className="output output-error">{result.compile_output ?? result.stderr}</pre>
        )}
      </div>
    );
  }
  const allPassed = result.failed === 0 && result.total > 0;
  return (
    <div className="run-output">
      <div className="run-meta">
        <span className={`badge ${allPassed ? 'badge-success' : 'badge-error'}`}>
          {result.passed} of {result.total} tests passed
        </span>
        <span className="muted small">{result.time_ms} ms</span>
      </div>
      <ol className="judge-cases">
        {result.tests.map((test, index) => (
          // Test names may repeat (parametrised tests); the list never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={`${index}-${test.name}`} className={`judge-case judge-${test.status}`}>
            <strong>
              {test.name}: {STATUS_TEXT[test.status]}
            </strong>
            {test.message && <pre className="output output-error">{test.message}</pre>}
          </li>
        ))}
      </ol>
      {result.stdout && <pre className="output">{result.stdout}</pre>}
    </div>
  );
}
