import type { ReviewedQuestion } from '@coderoom/contracts';
import { MarkdownText } from '../../widgets/components/MarkdownText';

function OptionLine({ option }: { option: ReviewedQuestion['options'][number] }) {
  const marks = [option.is_chosen ? 'Your answer' : null, option.is_correct ? 'Right answer' : null].filter(
    Boolean,
  );
  const tone = option.is_correct ? 'is-right' : option.is_chosen ? 'is-wrong' : '';
  return (
    <li className={`review-option ${tone}`}>
      <span className="review-option-mark" aria-hidden="true">
        {option.is_correct ? '✓' : option.is_chosen ? '✗' : ''}
      </span>
      <MarkdownText text={option.text} className="review-option-text" />
      {marks.length > 0 && <span className="review-option-tags small">{marks.join(' · ')}</span>}
    </li>
  );
}

function ReviewedItem({ question, total }: { question: ReviewedQuestion; total: number }) {
  const headingId = `review-q-${question.question_id}`;
  return (
    <li className="card review-question" aria-labelledby={headingId}>
      <div className="review-question-head">
        <h3 id={headingId}>
          Question {question.number} of {total}
        </h3>
        <span className={`badge ${question.is_correct ? 'badge-success' : 'badge-error'}`}>
          {question.is_correct ? 'Right' : 'Wrong'}
        </span>
        <span className="muted small">{question.skill}</span>
      </div>
      <MarkdownText text={question.text} className="assessment-question-text" />
      {question.kind === 'code' ? (
        <div className="review-code">
          <h4>Your code</h4>
          {question.your_code !== null ? (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            <pre tabIndex={0}>
              <code>{question.your_code}</code>
            </pre>
          ) : (
            <p className="muted">Your code was not kept for this attempt.</p>
          )}
          {question.tests_total !== null && (
            <p className="small muted">
              {question.tests_passed} of {question.tests_total} hidden tests passed.
            </p>
          )}
          {question.solution && (
            <>
              <h4>A solution that passes</h4>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
              <pre tabIndex={0}>
                <code>{question.solution}</code>
              </pre>
            </>
          )}
        </div>
      ) : (
        <>
          {!question.is_answer_recorded && (
            <p className="muted small">
              Your choice was not kept for this attempt; the right answer is marked.
            </p>
          )}
          <ul className="review-options">
            {question.options.map((option) => (
              <OptionLine key={option.id} option={option} />
            ))}
          </ul>
        </>
      )}
      {question.explanation && (
        <div className="review-explanation">
          <h4>Why</h4>
          <MarkdownText text={question.explanation} />
        </div>
      )}
    </li>
  );
}

/** The review of a completed attempt: each question, the learner's answer, the right one and why. */
export function AttemptReviewList({ questions }: { questions: ReviewedQuestion[] }) {
  return (
    <ol className="review-list">
      {questions.map((question) => (
        <ReviewedItem key={question.question_id} question={question} total={questions.length} />
      ))}
    </ol>
  );
}
