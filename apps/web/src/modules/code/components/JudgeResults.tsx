import type { JudgeResponse } from '@coderoom/contracts';

const VERDICT_TEXT = {
  passed: 'Passed',
  wrong_answer: 'Wrong answer',
  runtime_error: 'Runtime error',
  time_limit: 'Time limit exceeded',
  not_run: 'Not run',
} as const;

export function JudgeResults({ result }: { result: JudgeResponse }) {
  if (result.status === 'compile_error') {
    return (
      <div className="run-output">
        <span className="badge badge-error">Compile error</span>
        <pre className="output output-error">{result.compile_output}</pre>
      </div>
    );
  }
  return (
    <div className="run-output">
      <div className="run-meta">
        <span className={`badge ${result.all_passed ? 'badge-success' : 'badge-error'}`}>
          {result.passed} of {result.total} tests passed
        </span>
        <span className="muted small">{result.time_ms} ms</span>
      </div>
      <ol className="judge-cases">
        {result.cases.map((testCase) => (
          <li key={testCase.index} className={`judge-case judge-${testCase.verdict}`}>
            <strong>
              Test {testCase.index + 1}
              {testCase.hidden ? ' (hidden)' : ''}: {VERDICT_TEXT[testCase.verdict]}
            </strong>
            {testCase.message && <span className="muted small"> — {testCase.message}</span>}
            {!testCase.hidden && testCase.verdict !== 'passed' && testCase.expected_output !== undefined && (
              <div className="judge-diff">
                <div>
                  <span className="muted small">Input</span>
                  <pre className="output">{testCase.input}</pre>
                </div>
                <div>
                  <span className="muted small">Expected</span>
                  <pre className="output">{testCase.expected_output}</pre>
                </div>
                <div>
                  <span className="muted small">Your output</span>
                  <pre className="output">{testCase.actual_output}</pre>
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
