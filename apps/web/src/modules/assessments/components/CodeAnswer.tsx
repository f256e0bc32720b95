import type { LanguageId } from '@coderoom/contracts';
import { lazy, Suspense } from 'react';

// CodeMirror is large; it loads only when a code question is shown.
const CodeEditor = lazy(() =>
  import('../../code/components/CodeEditor').then((module) => ({ default: module.CodeEditor })),
);

/** The code editor of a code question; Ctrl/Cmd+Enter submits. */
export function CodeAnswer({
  value,
  language,
  onChange,
  onSubmit,
}: {
  value: string;
  language: LanguageId;
  onChange: (value: string) => void;
  onSubmit: () => void;
}) {
  return (
    <div className="assessment-code">
      <Suspense fallback={<pre className="assessment-code-fallback">{value}</pre>}>
        <CodeEditor
          value={value}
          language={language}
          onChange={onChange}
          onRun={onSubmit}
          label="Your answer"
        />
      </Suspense>
    </div>
  );
}
