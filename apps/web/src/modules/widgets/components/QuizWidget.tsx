import type { WidgetOf } from '@coderoom/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { type OptionVerdict, type QuizScore, scoreQuiz } from '../utils/scoreQuiz';
import { MarkdownText } from './MarkdownText';

const VERDICT_TEXT: Record<OptionVerdict, string | null> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  missed: 'Correct answer',
  neutral: null,
};

/** Questions with one (radio) or several (checkbox) right options; Submit marks each option. */
export function QuizWidget({ widget }: { widget: WidgetOf<'Quiz'> }) {
  const { title, questions } = widget.content;
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [score, setScore] = useState<QuizScore | null>(null);
  const formId = useId();

  const choose = (questionId: string, optionId: string, multiple: boolean, checked: boolean) => {
    setAnswers((current) => {
      const chosen = current[questionId] ?? [];
      const next = multiple
        ? checked
          ? [...chosen, optionId]
          : chosen.filter((id) => id !== optionId)
        : [optionId];
      return { ...current, [questionId]: next };
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setScore(scoreQuiz(questions, answers));
  };
  const retry = () => {
    setAnswers({});
    setScore(null);
  };

  return (
    <form className="card widget-card widget-pad widget-quiz" onSubmit={submit} aria-label={title ?? 'Quiz'}>
      {title && <h3 className="widget-quiz-title">{title}</h3>}
      {questions.map((question, questionIndex) => {
        const verdicts = score?.options[question.id];
        const isRight = score?.questions[question.id];
        return (
          <fieldset key={question.id} className="widget-quiz-question" disabled={score !== null}>
            <legend>
              <span className="visually-hidden">Question {questionIndex + 1}: </span>
              <MarkdownText text={question.text} inline />
              {question.multiple && <span className="muted small"> (choose all that apply)</span>}
            </legend>
            {question.options.map((option) => {
              const inputId = `${formId}-${question.id}-${option.id}`;
              const verdict = verdicts?.[option.id] ?? 'neutral';
              const verdictText = VERDICT_TEXT[verdict];
              const showExplanation = score !== null && option.explanation && verdict !== 'neutral';
              return (
                <div key={option.id} className={`widget-quiz-option verdict-${score ? verdict : 'none'}`}>
                  <input
                    id={inputId}
                    type={question.multiple ? 'checkbox' : 'radio'}
                    name={`${formId}-${question.id}`}
                    checked={(answers[question.id] ?? []).includes(option.id)}
                    onChange={(event) =>
                      choose(question.id, option.id, question.multiple, event.target.checked)
                    }
                  />
                  <label htmlFor={inputId}>
                    <MarkdownText text={option.text} inline />
                    {score && verdictText && <span className="widget-quiz-verdict"> — {verdictText}</span>}
                  </label>
                  {showExplanation && (
                    <MarkdownText text={option.explanation ?? ''} className="widget-quiz-explanation" />
                  )}
                </div>
              );
            })}
            {score && (
              <p className={`small ${isRight ? 'text-success' : 'text-danger'}`}>
                {isRight ? 'You got this one right.' : 'Not quite.'}
              </p>
            )}
          </fieldset>
        );
      })}
      <div className="widget-actions">
        {score ? (
          <>
            <span role="status" className="badge badge-neutral">
              {score.correctCount} of {score.total} right
            </span>
            <Button variant="secondary" onClick={retry}>
              Try again
            </Button>
          </>
        ) : (
          <Button type="submit">Submit</Button>
        )}
      </div>
    </form>
  );
}
