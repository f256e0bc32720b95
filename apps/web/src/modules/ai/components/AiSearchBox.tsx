import { AiSearchErrorCode, AiSearchErrors, aiQuestionProblem } from '@coderoom/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { ApiError } from '../../api/ApiError';
import { MarkdownBlock } from '../../reader/components/MarkdownBlock';
import { type StreamedAnswer, useAiSearch } from '../api/useAiSearch';
import { AiAnswer } from './AiAnswer';

/** The spec's message and hint for an AI search error (002 §8.3); anything else is GENERAL_ERROR. */
function errorOf(error: unknown): { message: string; hint: string } {
  if (error instanceof ApiError) {
    const { message, hint } = error.body;
    if (typeof message === 'string' && typeof hint === 'string') return { message, hint };
    if (error.status === 429) return { message: error.errorText, hint: AiSearchErrors.GENERAL_ERROR.hint };
  }
  return AiSearchErrors[AiSearchErrorCode.GeneralError];
}

/** Ask a question about the courses; the answer cites the lessons it comes from. */
export function AiSearchBox({
  label = 'Ask AI about the lessons',
  autoFocus = false,
  onNavigate,
}: {
  label?: string;
  autoFocus?: boolean;
  onNavigate?: () => void;
}) {
  const [question, setQuestion] = useState('');
  const [localProblem, setLocalProblem] = useState<AiSearchErrorCode | null>(null);
  const search = useAiSearch();
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = aiQuestionProblem(question);
    setLocalProblem(problem);
    if (problem) {
      search.reset();
      return;
    }
    search.mutate(question.trim());
  };
  const shownError = localProblem
    ? AiSearchErrors[localProblem]
    : search.isError
      ? errorOf(search.error)
      : null;

  return (
    <div className="ai-search">
      <form className="ai-search-form" onSubmit={submit} aria-label="AI search">
        <label htmlFor={inputId} className="ai-search-label small">
          {label}
        </label>
        <div className="ai-search-row">
          <input
            id={inputId}
            type="search"
            value={question}
            // biome-ignore lint/a11y/noAutofocus: the box was opened to type in it
            autoFocus={autoFocus}
            placeholder="e.g. How do I wait for goroutines to finish?"
            onChange={(event) => setQuestion(event.target.value)}
          />
          <Button type="submit" busy={search.isPending}>
            Ask
          </Button>
        </div>
      </form>
      <div className="ai-search-result" aria-live="polite">
        {search.isPending && !search.streamed && (
          <p className="running small">
            <span className="spinner" aria-hidden="true" /> Looking through the lessons…
          </p>
        )}
        {shownError && (
          <div className="ai-search-error" role="alert">
            <p className="ai-search-error-message">{shownError.message}</p>
            <p className="muted small">{shownError.hint}</p>
          </div>
        )}
        {!shownError && search.streamed && (
          <StreamedAiAnswer streamed={search.streamed} onNavigate={onNavigate} />
        )}
      </div>
    </div>
  );
}

/** The model's answer as it is written (when one is configured), above the passages it was written from. */
function StreamedAiAnswer({ streamed, onNavigate }: { streamed: StreamedAnswer; onNavigate?: () => void }) {
  const { answer, written, state } = streamed;
  const titleId = useId();
  if (!written) return <AiAnswer answer={answer} onNavigate={onNavigate} />;
  return (
    <>
      <section className="ai-written" aria-busy={state === 'writing'} aria-labelledby={titleId}>
        <h3 id={titleId} className="ai-passage-title">
          Answer
        </h3>
        <MarkdownBlock text={written} className="prose ai-passage-text" />
        <p className="muted small">
          {state === 'writing'
            ? 'Writing from the lessons below…'
            : 'Written from the lessons below; check them.'}
        </p>
      </section>
      <AiAnswer answer={answer} onNavigate={onNavigate} />
    </>
  );
}
