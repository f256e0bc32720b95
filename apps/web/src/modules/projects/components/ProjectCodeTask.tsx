import type { ProjectCodeContent, ProjectComponent } from '@coderoom/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import '../../code/codeWidget.css';
import { RunOutput } from '../../code/components/RunOutput';
import { useCodeRun } from '../../code/hooks/useCodeRun';
import { LANGUAGE_FILES } from '../../code/languageFiles';
import type { TaskAddress } from '../api/TaskAddress';
import { useTaskAction } from '../api/useTaskAction';
import { useAutosave } from '../hooks/useAutosave';
import { SaveStatus } from './SaveStatus';
import { TaskOutcomeView } from './TaskOutcomeView';

// CodeMirror is large; it loads with the first code task.
const CodeEditor = lazy(() =>
  import('../../code/components/CodeEditor').then((module) => ({ default: module.CodeEditor })),
);

interface ProjectCodeTaskProps {
  address: TaskAddress;
  code: ProjectCodeContent;
  completion: ProjectComponent['completion'];
  savedCode: string | null;
  currentAttempt: number;
  isBegun: boolean;
}

/**
 * The code widget of a project task: edit, Run with stdin (the learner's own program, like the
 * playground), then Check against the task's tests or Evaluate on the protected files — both judged
 * by the project endpoints, which also record the completion. The code is autosaved.
 */
export function ProjectCodeTask({
  address,
  code,
  completion,
  savedCode,
  currentAttempt,
  isBegun,
}: ProjectCodeTaskProps) {
  const [source, setSource] = useState(savedCode ?? code.code);
  const [stdin, setStdin] = useState('');
  const [shown, setShown] = useState<'run' | 'action' | null>(null);
  const { execute, cancel } = useCodeRun();
  const action = useTaskAction(address);
  const saveState = useAutosave(address, currentAttempt, isBegun, source);
  const stdinId = useId();
  const running = execute.isPending || action.isPending;
  const actionLabel = completion === 'evaluate' ? 'Evaluate' : 'Check';

  const run = () => {
    if (running) return;
    setShown('run');
    execute.mutate({ language: code.language, source_code: source, ...(code.enableStdin ? { stdin } : {}) });
  };
  const judge = () => {
    if (running || !isBegun || completion === 'mark_done') return;
    setShown('action');
    action.mutate({
      action: completion === 'evaluate' ? 'evaluate' : 'check',
      currentAttempt,
      sourceCode: source,
    });
  };
  const error = shown === 'run' ? execute.error : shown === 'action' ? action.error : null;

  return (
    <section className="code-widget card project-code" aria-label="Code editor">
      <div className="code-toolbar">
        <span className="muted small">
          {LANGUAGE_FILES[code.language].fileName} <SaveStatus state={saveState} />
        </span>
        <div className="code-actions">
          <Button variant="ghost" onClick={() => setSource(code.code)} disabled={running}>
            Reset code
          </Button>
          {running ? (
            <Button
              variant="danger"
              onClick={() => {
                cancel();
                action.cancel();
              }}
            >
              Cancel
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={run} title="Run (Ctrl+Enter)">
                ▶ Run
              </Button>
              {completion !== 'mark_done' && (
                <Button onClick={judge} disabled={!isBegun}>
                  {actionLabel}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
      <Suspense
        fallback={
          // A scrolling box: tabindex lets a keyboard reach it (WCAG 2.1.1) until the editor arrives.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
          <pre className="code-editor-fallback" tabIndex={0}>
            {source}
          </pre>
        }
      >
        <CodeEditor value={source} language={code.language} onChange={setSource} onRun={run} label="Code" />
      </Suspense>
      {code.enableStdin && (
        <div className="stdin-panel">
          <label htmlFor={stdinId} className="small">
            Input (stdin) for Run
          </label>
          <textarea id={stdinId} value={stdin} onChange={(event) => setStdin(event.target.value)} rows={3} />
        </div>
      )}
      {(code.testCases.length > 0 || code.hiddenTestCount > 0) && (
        <details className="test-case-list">
          <summary className="small">
            Test cases: {code.testCases.length} shown
            {code.hiddenTestCount > 0 ? `, ${code.hiddenTestCount} hidden` : ''}
          </summary>
          <ol>
            {code.testCases.map((testCase, index) => (
              // Test cases have no ids of their own and never reorder.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="test-case">
                <div>
                  <span className="muted small">Input</span>
                  <pre className="output">{testCase.input || ' '}</pre>
                </div>
                <div>
                  <span className="muted small">Expected output</span>
                  <pre className="output">{testCase.output || ' '}</pre>
                </div>
              </li>
            ))}
          </ol>
        </details>
      )}
      {/* One live region, on the page before any result: what arrives in it is read out (WCAG 4.1.3). */}
      <div className="code-result" aria-live="polite">
        {running && (
          <p className="running">
            <span className="spinner" aria-hidden="true" /> Running in the sandbox…
          </p>
        )}
        {!running && error && !(error instanceof DOMException) && (
          <FormMessage tone="error">{error.message}</FormMessage>
        )}
        {!running && shown === 'run' && execute.data && <RunOutput result={execute.data} asHtml={false} />}
        {!running && shown === 'action' && action.data && <TaskOutcomeView outcome={action.data} />}
        {!running && !shown && (
          <p className="muted small">
            {completion === 'evaluate'
              ? 'Run your program on your own input, then press Evaluate to test it on the hidden evaluation file.'
              : completion === 'check'
                ? 'Run your program, then press Check to test it against the test cases.'
                : 'Press Run or Ctrl+Enter to run your code.'}
          </p>
        )}
      </div>
    </section>
  );
}
