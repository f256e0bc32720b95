import type { JudgeRequest, LanguageId, TutorHintResponse, WidgetRef } from '@coderoom/contracts';
import { FeatureFlag, type LiveInteraction } from '@coderoom/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { CodeReviewPanel } from '../../ai/components/CodeReviewPanel';
import { TutorHintButton, TutorHintList } from '../../ai/components/TutorHints';
import { useFeature } from '../../features/useFeatures';
import '../codeWidget.css';
import { useAfterFirstPaint } from '../hooks/useAfterFirstPaint';
import { useCodeRun, useLanguages } from '../hooks/useCodeRun';
import { LANGUAGE_FILES } from '../languageFiles';
import { JudgeResults } from './JudgeResults';
import { RunOutput } from './RunOutput';
import { UnitTestResults } from './UnitTestResults';

// CodeMirror and its language packs are the heaviest script on a lesson page: load them after the
// lesson text has painted, showing the code as plain text until then.
const CodeEditor = lazy(() => import('./CodeEditor').then((module) => ({ default: module.CodeEditor })));

export interface CodeWidgetSettings {
  language: LanguageId;
  /** The starter code; Reset goes back to it. */
  code: string;
  /** Where the learner left off, when it differs from the starter. */
  initialCode?: string;
  /** The widget lets the learner switch languages (the playground does). */
  languageSelectable?: boolean;
  enableStdin?: boolean;
  allowDownload?: boolean;
  treatOutputAsHTML?: boolean;
  solution?: string;
  /** Test cases sent with the program (playground, previews); a lesson's widget leaves them on the server. */
  testCases?: JudgeRequest['test_cases'];
  /** A lesson's widget: runs name it, and the server adds its hidden code, test cases and unit tests. */
  widgetRef?: WidgetRef;
  /** Run is offered (default true). */
  runnable?: boolean;
  /** Check (judge against the widget's test cases) is offered. */
  judge?: boolean;
  hasUnitTests?: boolean;
  /** Hints the author wrote for the tutor's ladder (a judged exercise has the platform's ladder too). */
  hintCount?: number;
  /** The cases the learner may see, and how many more are hidden. */
  visibleTestCases?: Array<{ input: string; output: string }>;
  hiddenTestCount?: number;
  /** Called with the code after each finished run, check or test run (the lesson saves it). */
  onRun?: (sourceCode: string) => void;
  /** Each run, edit, reset and opened solution, for the learner's live-interaction totals. */
  onInteraction?: (interaction: LiveInteraction) => void;
}

type Shown = 'run' | 'judge' | 'tests' | null;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The code widget: edit, run (Ctrl/Cmd+Enter), stdin, output, judge, unit tests, reset, solution, download, cancel. */
export function CodeWidget({ settings }: { settings: CodeWidgetSettings }) {
  const [language, setLanguage] = useState<LanguageId>(settings.language);
  const [code, setCode] = useState(settings.initialCode ?? settings.code);
  const [stdin, setStdin] = useState('');
  const [shown, setShown] = useState<Shown>(null);
  const [hints, setHints] = useState<TutorHintResponse[]>([]);
  // Reviews and hints are the AI assistant's (docs/features.md).
  const aiAssistant = useFeature(FeatureFlag.AiAssistant);
  const languages = useLanguages();
  const { execute, judge, runTests, cancel } = useCodeRun();
  const stdinId = useId();
  const editorWanted = useAfterFirstPaint();
  const fallback = (
    // A scrolling box: tabindex lets a keyboard reach it to scroll (WCAG 2.1.1) until the editor arrives.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
    <pre className="code-editor-fallback" aria-busy="true" tabIndex={0}>
      {code}
    </pre>
  );
  const running = execute.isPending || judge.isPending || runTests.isPending;
  const active = shown === 'judge' ? judge : shown === 'tests' ? runTests : execute;
  const ref = settings.widgetRef;
  const canRun = settings.runnable ?? true;
  const canCheck = ref ? Boolean(settings.judge) : Boolean(settings.testCases?.length);
  const canTest = Boolean(ref && settings.hasUnitTests);
  const afterRun = { onSuccess: () => settings.onRun?.(code) };

  const interact = (interaction: LiveInteraction) => settings.onInteraction?.(interaction);
  const edit = (next: string) => {
    setCode(next);
    interact('edit');
  };
  const run = () => {
    if (running || !canRun) return;
    interact('run');
    setShown('run');
    const input = settings.enableStdin ? { stdin } : {};
    execute.mutate(
      ref ? { widget: ref, source_code: code, ...input } : { language, source_code: code, ...input },
      afterRun,
    );
  };
  const check = () => {
    if (running || !canCheck) return;
    interact('run');
    setShown('judge');
    judge.mutate(
      ref
        ? { widget: ref, source_code: code }
        : { language, source_code: code, test_cases: settings.testCases ?? [] },
      afterRun,
    );
  };
  const test = () => {
    if (running || !ref) return;
    interact('run');
    setShown('tests');
    runTests.mutate({ widget: ref, source_code: code }, afterRun);
  };
  const switchLanguage = (next: LanguageId) => {
    // Keep the learner's code unless it is still the previous language's starter.
    if (code === LANGUAGE_FILES[language].starter) setCode(LANGUAGE_FILES[next].starter);
    setLanguage(next);
    execute.reset();
    judge.reset();
    runTests.reset();
    setShown(null);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([code], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = LANGUAGE_FILES[language].fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  const unavailable = languages.data?.languages.find((item) => item.language === language && !item.available);
  // After a run that did not work, the learner may ask for a review of their code.
  const failed =
    (shown === 'run' && execute.data !== undefined && execute.data.status !== 'ok') ||
    (shown === 'judge' && judge.data !== undefined && !judge.data.all_passed);
  const offersHints = Boolean(ref && (settings.judge || (settings.hintCount ?? 0) > 0));
  const visibleCases = settings.visibleTestCases ?? [];
  const hiddenCount = settings.hiddenTestCount ?? 0;

  return (
    <section className="code-widget card" aria-label="Code editor">
      <div className="code-toolbar">
        {settings.languageSelectable ? (
          <label className="language-select">
            <span className="visually-hidden">Language</span>
            <select value={language} onChange={(event) => switchLanguage(event.target.value as LanguageId)}>
              {(languages.data?.languages ?? []).map((item) => (
                <option key={item.language} value={item.language} disabled={!item.available}>
                  {item.label}
                  {item.available ? '' : ' (unavailable)'}
                </option>
              ))}
              {!languages.data && <option value={language}>{language}</option>}
            </select>
          </label>
        ) : (
          <span className="muted small">{LANGUAGE_FILES[language].fileName}</span>
        )}
        <div className="code-actions">
          <Button
            variant="ghost"
            onClick={() => {
              setCode(settings.code);
              interact('reset');
            }}
            disabled={running}
          >
            Reset
          </Button>
          {settings.solution !== undefined && (
            <Button
              variant="ghost"
              onClick={() => {
                setCode(settings.solution ?? '');
                interact('solution');
              }}
              disabled={running}
            >
              Show solution
            </Button>
          )}
          {settings.allowDownload && (
            <Button variant="ghost" onClick={download}>
              Download
            </Button>
          )}
          {canTest && (
            <Button variant="secondary" onClick={test} busy={runTests.isPending} disabled={running}>
              Run tests
            </Button>
          )}
          {canCheck && (
            <Button variant="secondary" onClick={check} busy={judge.isPending} disabled={running}>
              Check
            </Button>
          )}
          {running ? (
            <Button variant="danger" onClick={cancel}>
              Cancel
            </Button>
          ) : (
            canRun && (
              <Button onClick={run} title="Run (Ctrl+Enter)" disabled={Boolean(unavailable)}>
                ▶ Run
              </Button>
            )
          )}
        </div>
      </div>
      {editorWanted ? (
        <Suspense fallback={fallback}>
          <CodeEditor value={code} language={language} onChange={edit} onRun={run} label="Code" />
        </Suspense>
      ) : (
        fallback
      )}
      {settings.enableStdin && (
        <div className="stdin-panel">
          <label htmlFor={stdinId} className="small">
            Input (stdin)
          </label>
          <textarea id={stdinId} value={stdin} onChange={(event) => setStdin(event.target.value)} rows={3} />
        </div>
      )}
      {(visibleCases.length > 0 || hiddenCount > 0) && (
        <details className="test-case-list">
          <summary className="small">
            Test cases: {visibleCases.length} shown
            {hiddenCount > 0 ? `, ${hiddenCount} hidden` : ''}
          </summary>
          <ol>
            {visibleCases.map((testCase, index) => (
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
        {unavailable && <FormMessage tone="error">{unavailable.reason}</FormMessage>}
        {running && (
          <p className="running">
            <span className="spinner" aria-hidden="true" /> Running in the sandbox…
          </p>
        )}
        {!running && active.error && !isAbort(active.error) && (
          <FormMessage tone="error">{active.error.message}</FormMessage>
        )}
        {!running && active.error && isAbort(active.error) && <p className="muted small">Run cancelled.</p>}
        {!running && shown === 'run' && execute.data && (
          <RunOutput result={execute.data} asHtml={Boolean(settings.treatOutputAsHTML)} />
        )}
        {!running && shown === 'judge' && judge.data && <JudgeResults result={judge.data} />}
        {!running && shown === 'tests' && runTests.data && <UnitTestResults result={runTests.data} />}
        {!running && failed && aiAssistant && (
          <div className="code-help">
            <CodeReviewPanel
              request={ref ? { language, source_code: code, widget: ref } : { language, source_code: code }}
            />
            {ref && offersHints && (
              <TutorHintButton
                widget={ref}
                sourceCode={code}
                hints={hints}
                onHint={(hint) => setHints((given) => [...given, hint])}
              />
            )}
          </div>
        )}
        <TutorHintList hints={hints} />
        {!running && !shown && (
          <p className="muted small">
            {canRun ? 'Press Run or Ctrl+Enter to run your code.' : 'Press Check to test your code.'}
          </p>
        )}
      </div>
    </section>
  );
}
