import type { ExecuteResponse } from '@coderoom/contracts';

const STATUS_TEXT: Record<ExecuteResponse['status'], string> = {
  ok: 'Finished',
  compile_error: 'Compile error',
  runtime_error: 'Runtime error',
  time_limit: 'Time limit exceeded',
  memory_limit: 'Memory limit exceeded',
  output_limit: 'Too much output',
};

/** What a run printed. HTML output goes into a sandboxed frame that can run no script. */
export function RunOutput({ result, asHtml }: { result: ExecuteResponse; asHtml: boolean }) {
  const failed = result.status !== 'ok';
  const exit = result.signal
    ? `signal ${result.signal}`
    : result.exit_code !== null
      ? `exit code ${result.exit_code}`
      : null;
  return (
    <div className="run-output">
      <div className="run-meta">
        <span className={`badge ${failed ? 'badge-error' : 'badge-success'}`}>
          {STATUS_TEXT[result.status]}
        </span>
        <span className="muted small">
          {[
            exit,
            result.status === 'compile_error'
              ? `compiled in ${result.compile_time_ms ?? 0} ms`
              : `${result.time_ms} ms`,
            result.memory_bytes ? `${Math.round(result.memory_bytes / 1024 / 1024)} MiB` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {result.compile_output && result.status === 'compile_error' && (
        <pre className="output output-error">{result.compile_output}</pre>
      )}
      {asHtml && result.stdout ? (
        <iframe className="output-html" title="Program output" sandbox="" srcDoc={result.stdout} />
      ) : (
        result.stdout && <pre className="output">{result.stdout}</pre>
      )}
      {result.stdout_truncated && <p className="muted small">Output was cut at 64 KiB.</p>}
      {result.stderr && <pre className="output output-error">{result.stderr}</pre>}
      {!result.stdout && !result.stderr && !result.compile_output && (
        <p className="muted small">No output.</p>
      )}
    </div>
  );
}
