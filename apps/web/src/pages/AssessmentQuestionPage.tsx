import '../modules/assessments/assessments.css';
import type { AnswerRequest, AssessmentQuestion } from '@coderoom/contracts';
import { Difficulty } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useAbandonAttempt } from '../modules/assessments/api/useAbandonAttempt';
import { useAnswerQuestion } from '../modules/assessments/api/useAnswerQuestion';
import { useAssessmentQuestion } from '../modules/assessments/api/useAssessmentQuestion';
import { CodeAnswer } from '../modules/assessments/components/CodeAnswer';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { MarkdownText } from '../modules/widgets/components/MarkdownText';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

const DIFFICULTY_LABEL: Record<number, string> = {
  [Difficulty.Easy]: 'Easy',
  [Difficulty.Medium]: 'Medium',
  [Difficulty.Hard]: 'Hard',
};

function AnswerForm({
  question,
  pending,
  onAnswer,
}: {
  question: AssessmentQuestion;
  pending: boolean;
  onAnswer: (answer: AnswerRequest) => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [code, setCode] = useState(question.starter_code ?? '');
  const isMultiple = question.kind === 'multiple_answer';
  const canSubmit = question.kind === 'code' ? code.trim() !== '' : chosen.length > 0;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit || pending) return;
    onAnswer(question.kind === 'code' ? { source_code: code } : { option_ids: chosen });
  };
  const toggle = (id: string) =>
    setChosen((current) =>
      isMultiple ? (current.includes(id) ? current.filter((entry) => entry !== id) : [...current, id]) : [id],
    );

  return (
    <form onSubmit={submit} className="assessment-form">
      {question.kind === 'code' && question.language ? (
        <CodeAnswer value={code} language={question.language} onChange={setCode} onSubmit={submit} />
      ) : (
        <fieldset className="choice-group assessment-options">
          <legend>{isMultiple ? 'Choose all that apply' : 'Choose one answer'}</legend>
          {question.options.map((option) => (
            <label
              key={option.id}
              className={`choice${chosen.includes(option.id) ? ' choice-selected' : ''}`}
            >
              <input
                type={isMultiple ? 'checkbox' : 'radio'}
                name="answer"
                value={option.id}
                checked={chosen.includes(option.id)}
                onChange={() => toggle(option.id)}
              />
              <MarkdownText text={option.text} inline />
            </label>
          ))}
        </fieldset>
      )}
      <div className="assessment-actions">
        <span className="muted small">
          {question.kind === 'code'
            ? 'Your code is run against hidden tests.'
            : 'Answers are checked on submit.'}
        </span>
        <button type="submit" className="btn btn-primary" disabled={!canSubmit || pending}>
          {pending ? 'Checking…' : 'Submit answer'}
        </button>
      </div>
    </form>
  );
}

function AssessmentQuestionView() {
  const params = useParams();
  const [authorId, collectionId, attemptId, questionId] = [
    params.authorId,
    params.collectionId,
    params.attemptId,
    params.questionId,
  ].map(Number) as [number, number, number, number];
  const query = useAssessmentQuestion(authorId, collectionId, attemptId, questionId);
  const answer = useAnswerQuestion();
  const abandon = useAbandonAttempt();
  const navigate = useNavigate();
  usePageTitle(query.data?.assessment_title ?? 'Skill assessment');

  if (query.isPending) return <PageLoading label="Loading the question" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status} />;
  }
  const { attempt, question, assessment_title } = query.data;
  const resultUrl = `/assessment/${authorId}/${collectionId}/${attemptId}/result`;
  const onAnswer = (body: AnswerRequest) =>
    answer.mutate(
      { authorId, collectionId, attemptId, questionId, answer: body },
      {
        onSuccess: (result) => {
          const next = result.attempt.current_question_id;
          navigate(
            next === null ? resultUrl : `/assessment/${authorId}/${collectionId}/${attemptId}/${next}`,
          );
        },
      },
    );
  const isOpen = !question.is_answered && attempt.current_question_id === question.question_id;

  return (
    <main id="main" className="page assessment-page">
      <header className="page-header">
        <p className="eyebrow">{assessment_title}</p>
        <div className="assessment-progress">
          <strong>
            Question {question.number} of {attempt.total}
          </strong>
          <progress max={attempt.total} value={attempt.answered} aria-label="Assessment progress" />
        </div>
      </header>
      <section className="card assessment-card" aria-labelledby="question-heading">
        <h1 id="question-heading" className="visually-hidden">
          Question {question.number}
        </h1>
        <p className="muted small">
          {question.skill} · {DIFFICULTY_LABEL[question.difficulty] ?? ''}
        </p>
        <MarkdownText text={question.text} className="assessment-question-text" />
        {isOpen ? (
          <AnswerForm
            key={question.question_id}
            question={question}
            pending={answer.isPending}
            onAnswer={onAnswer}
          />
        ) : (
          <p className="form-message form-message-info">You have answered this question.</p>
        )}
        {answer.isError ? (
          <p role="alert" className="form-message form-message-error">
            {answer.error.message}
          </p>
        ) : null}
      </section>
      {isOpen ? (
        <p>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={abandon.isPending}
            onClick={() =>
              abandon.mutate({ authorId, collectionId, attemptId }, { onSuccess: () => navigate(-1) })
            }
          >
            Abandon this attempt
          </button>
        </p>
      ) : null}
    </main>
  );
}

/** /assessment/:authorId/:collectionId/:attemptId/:questionId — one question of an attempt. */
export function AssessmentQuestionPage() {
  return (
    <RequireUser>
      <AssessmentQuestionView />
    </RequireUser>
  );
}
