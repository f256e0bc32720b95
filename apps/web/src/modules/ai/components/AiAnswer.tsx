import type { AiSearchResponse } from '@coderoom/contracts';
import { Link } from 'react-router';
import { CodeWidget } from '../../code/components/CodeWidget';
import { MarkdownBlock } from '../../reader/components/MarkdownBlock';

/** An AI search answer: each passage's prose (sanitised Markdown), its code to run, and its source. */
export function AiAnswer({ answer, onNavigate }: { answer: AiSearchResponse; onNavigate?: () => void }) {
  return (
    <div className="ai-answer">
      {answer.passages.map((passage, index) => (
        <article key={passage.citation.url} className="ai-passage" aria-labelledby={`ai-passage-${index}`}>
          <h3 id={`ai-passage-${index}`} className="ai-passage-title">
            {passage.citation.section}
          </h3>
          {passage.text && <MarkdownBlock text={passage.text} className="prose ai-passage-text" />}
          {passage.code &&
            (passage.language ? (
              <CodeWidget settings={{ language: passage.language, code: passage.code, runnable: true }} />
            ) : (
              <pre className="output">{passage.code}</pre>
            ))}
          <p className="ai-citation small">
            <span className="muted">[{index + 1}] From </span>
            <Link to={passage.citation.url} onClick={onNavigate}>
              {passage.citation.lesson_title} — {passage.citation.section}
            </Link>
            <span className="muted"> · {passage.citation.course_title}</span>
          </p>
        </article>
      ))}
    </div>
  );
}
