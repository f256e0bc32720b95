import '../modules/assessments/assessments.css';
import type { Questionnaire } from '@coderoom/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useQuestionnaire, useSubmitQuestionnaire } from '../modules/assessments/questionnaire/api';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { MarkdownText } from '../modules/widgets/components/MarkdownText';
import { Button } from '../ui/Button';
import { ErrorPage } from '../ui/ErrorPage';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

type Choices = Record<number, string[]>;

function initialChoices(questionnaire: Questionnaire): Choices {
  const choices: Choices = {};
  for (const answer of questionnaire.my_response?.answers ?? [])
    choices[answer.question_id] = answer.option_ids;
  return choices;
}

function QuestionnaireForm({
  questionnaire,
  encodedId,
}: {
  questionnaire: Questionnaire;
  encodedId: string;
}) {
  const { data: user } = useUserInfo();
  const location = useLocation();
  const submit = useSubmitQuestionnaire(encodedId);
  const [choices, setChoices] = useState<Choices>(() => initialChoices(questionnaire));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const missing = questionnaire.questions.filter((question) => !choices[question.question_id]?.length).length;

  const toggle = (questionId: number, optionId: string, single: boolean, checked: boolean) => {
    setSaved(false);
    setChoices((current) => {
      const before = current[questionId] ?? [];
      const next = single
        ? [optionId]
        : checked
          ? [...before, optionId]
          : before.filter((id) => id !== optionId);
      return { ...current, [questionId]: next };
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const answers = questionnaire.questions.flatMap((question) => {
      const optionIds = choices[question.question_id] ?? [];
      return optionIds.length ? [{ question_id: question.question_id, option_ids: optionIds }] : [];
    });
    submit.mutate(
      { authorId: questionnaire.author_id, collectionId: questionnaire.collection_id, answers },
      {
        onSuccess: () => {
          setErrors({});
          setSaved(true);
        },
        onError: (error) => setErrors(error instanceof ApiError ? error.errors : {}),
      },
    );
  };

  return (
    <form className="questionnaire-form" onSubmit={onSubmit} noValidate>
      {questionnaire.questions.map((question, index) => {
        const single = question.kind === 'multiple_choice';
        const error = errors[`answers.${question.question_id}`];
        const errorId = `questionnaire-error-${question.question_id}`;
        return (
          <fieldset
            key={question.question_id}
            className="card questionnaire-question"
            aria-describedby={error ? errorId : undefined}
          >
            <legend>
              <span className="questionnaire-number">{index + 1}.</span>
              <MarkdownText text={question.text} inline />
            </legend>
            <p className="small muted">{single ? 'Choose one.' : 'Choose all that apply.'}</p>
            {question.options.map((option) => (
              <label key={option.id} className="questionnaire-option">
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={`question-${question.question_id}`}
                  value={option.id}
                  checked={choices[question.question_id]?.includes(option.id) ?? false}
                  onChange={(event) => toggle(question.question_id, option.id, single, event.target.checked)}
                />
                <MarkdownText text={option.text} inline />
              </label>
            ))}
            {error && (
              <p className="field-error" id={errorId}>
                {error}
              </p>
            )}
          </fieldset>
        );
      })}
      {saved && (
        <FormMessage tone="success">
          Thank you — your answers are saved. You can change them any time.
        </FormMessage>
      )}
      {submit.isError && !Object.keys(errors).length && (
        <FormMessage tone="error">{submit.error.message}</FormMessage>
      )}
      <div className="questionnaire-actions">
        {user ? (
          <Button type="submit" busy={submit.isPending}>
            {questionnaire.my_response ? 'Update my answers' : 'Send my answers'}
          </Button>
        ) : (
          <Link className="btn btn-primary" to={`/login?returnUrl=${encodeURIComponent(location.pathname)}`}>
            Log in to answer
          </Link>
        )}
        <span className="small muted">
          {missing === 0
            ? 'Every question answered.'
            : `${missing} of ${questionnaire.questions.length} still open.`}
        </span>
      </div>
    </form>
  );
}

/** /questionnaires/:slug/:encodedId — an ungraded questionnaire; the author reads the answers. */
export function QuestionnairePage() {
  const { encodedId = '' } = useParams();
  const query = useQuestionnaire(encodedId);
  usePageTitle(query.data?.title ?? 'Questionnaire');
  if (query.isPending) return <PageLoading label="Loading the questionnaire" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 401 || status === 403 ? 404 : status} />;
  }
  const questionnaire = query.data;
  return (
    <main id="main" className="page assessment-page">
      <header className="page-header">
        <p className="eyebrow">Questionnaire · not graded</p>
        <h1>{questionnaire.title}</h1>
        {questionnaire.summary && <p className="lead muted">{questionnaire.summary}</p>}
        {questionnaire.overview && <MarkdownText text={questionnaire.overview} />}
      </header>
      {questionnaire.questions.length === 0 ? (
        <p className="muted">This questionnaire has no questions yet.</p>
      ) : (
        <QuestionnaireForm questionnaire={questionnaire} encodedId={encodedId} />
      )}
    </main>
  );
}
