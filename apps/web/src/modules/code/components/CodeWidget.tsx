import type { JudgeRequest, LanguageId } from '@coderoom/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/FormMessage';
import { useCodeRun, useLanguages } from '../hooks/useCodeRun';
import { LANGUAGE_SUPPORT } from '../languageSupport';
import { CodeEditor } from './CodeEditor';
import { JudgeResults } from './JudgeResults';
import { RunOutput } from './RunOutput';

export interface CodeWidgetSettings {
  language: LanguageId;
  code: string;
  /** The widget lets the learner switch languages (the playground does). */
  languageSelectable?: boolean;
  enableStdin?: boolean;
  allowDownload?: boolean;
  treatOutputAsHTML?: boolean;
  solution?: string;
  testCases?: JudgeRequest['test_cases'];
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The code widget: edit, run (Ctrl/Cmd+Enter), stdin, output, judge, reset, solution, download, cancel. */
export function CodeWidget({ settings }: { settings: CodeWidgetSettings }) {
  const [language, setLanguage] = useState<LanguageId>(settings.language);
  const [code, setCode] = useState(settings.code);
  const [stdin, setStdin] = useState('');
  const [shown, setShown] = useState<'run' | 'judge' | null>(null);
  const languages = useLanguages();
  const { execute, judge, cancel } = useCodeRun();
  const stdinId = useId();
  const running = execute.isPending || judge.isPending;
  const active = shown === 'judge' ? judge : execute;

  const run = () => {
    if (running) return;
    setShown('run');
    execute.mutate({ language, source_code: code, ...(settings.enableStdin ? { stdin } : {}) });
  };
  const check = () => {
    if (running || !settings.testCases) return;
    setShown('judge');
    judge.mutate({ language, source_code: code, test_cases: settings.testCases });
  };
  const switchLanguage = (next: LanguageId) => {
    // Keep the learner's code unless it is still the previous language's starter.
    if (code === LANGUAGE_SUPPORT[language].starter) setCode(LANGUAGE_SUPPORT[next].starter);
    setLanguage(next);
    execute.reset();
    judge.reset();
    setShown(null);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([code], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = LANGUAGE_SUPPORT[language].fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  const unavailable = languages.data?.languages.find((item) => item.language === language && !item.available);

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
          <span className="muted small">{LANGUAGE_SUPPORT[language].fileName}</span>
        )}
        <div className="code-actions">
          <Button variant="ghost" onClick={() => setCode(settings.code)} disabled={running}>
            Reset
          </Button>
          {settings.solution !== undefined && (
            <Button variant="ghost" onClick={() => setCode(settings.solution ?? '')} disabled={running}>
              Show solution
            </Button>
          )}
          {settings.allowDownload && (
            <Button variant="ghost" onClick={download}>
              Download
            </Button>
          )}
          {settings.testCases && (
            <Button variant="secondary" onClick={check} busy={judge.isPending}>
              Check
            </Button>
          )}
          {running ? (
            <Button variant="danger" onClick={cancel}>
              Cancel
            </Button>
          ) : (
            <Button onClick={run} title="Run (Ctrl+Enter)" disabled={Boolean(unavailable)}>
              ▶ Run
            </Button>
          )}
        </div>
      </div>
      <CodeEditor value={code} language={language} onChange={setCode} onRun={run} label="Code" />
      {settings.enableStdin && (
        <div className="stdin-panel">
          <label htmlFor={stdinId} className="small">
            Input (stdin)
          </label>
          <textarea id={stdinId} value={stdin} onChange={(event) => setStdin(event.target.value)} rows={3} />
        </div>
      )}
      <div className="code-result">
        {unavailable && <FormMessage tone="error">{unavailable.reason}</FormMessage>}
        {running && (
          <p className="running" role="status">
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
        {!running && !shown && <p className="muted small">Press Run or Ctrl+Enter to run your code.</p>}
      </div>
    </section>
  );
}
