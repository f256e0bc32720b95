import { FormMessage } from '../../../ui/FormMessage';
import { PageLoading } from '../../../ui/PageLoading';
import { ApiError } from '../../api/ApiError';
import { useQuestionnaireResponses } from './api';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The author's view of a questionnaire: how often each option was chosen, and who answered when. */
export function QuestionnaireResponsesView({
  authorId,
  collectionId,
}: {
  authorId: number;
  collectionId: number;
}) {
  const query = useQuestionnaireResponses(authorId, collectionId);
  if (query.isPending) return <PageLoading label="Loading the responses" />;
  if (query.isError) {
    return (
      <FormMessage tone="error">
        {query.error instanceof ApiError ? query.error.errorText : 'The responses could not be loaded.'}
      </FormMessage>
    );
  }
  const report = query.data;
  const optionText = new Map(
    report.questions.flatMap((question) =>
      question.options.map((option) => [`${question.question_id}:${option.id}`, option.text] as const),
    ),
  );
  return (
    <section className="assessment-editor-main" aria-labelledby="responses-heading">
      <header className="assessment-editor-main-header">
        <h2 id="responses-heading">Responses</h2>
        <span className="badge">
          {report.response_count} {report.response_count === 1 ? 'response' : 'responses'}
        </span>
      </header>
      {report.response_count === 0 && (
        <p className="muted">Nobody has answered yet. Share the questionnaire's link once it is published.</p>
      )}
      {report.questions.map((question, index) => (
        <div className="card questionnaire-tally" key={question.question_id}>
          <h3>
            {index + 1}. {question.text}
          </h3>
          <ul>
            {question.options.map((option) => {
              const share = report.response_count
                ? Math.round((option.count / report.response_count) * 100)
                : 0;
              return (
                <li key={option.id}>
                  <span className="questionnaire-tally-label">{option.text}</span>
                  <meter min={0} max={100} value={share} aria-label={`${option.text}: ${share}%`} />
                  <span className="small muted">
                    {option.count} ({share}%)
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {report.responses.length > 0 && (
        <table className="questionnaire-table">
          <caption className="visually-hidden">Latest responses</caption>
          <thead>
            <tr>
              <th scope="col">Learner</th>
              <th scope="col">Submitted</th>
              {report.questions.map((question, index) => (
                <th scope="col" key={question.question_id}>
                  Q{index + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.responses.map((response) => (
              <tr key={response.user_id}>
                <td>{response.full_name}</td>
                <td>{when.format(new Date(response.submitted_at))}</td>
                {report.questions.map((question) => {
                  const answer = response.answers.find((item) => item.question_id === question.question_id);
                  return (
                    <td key={question.question_id}>
                      {answer?.option_ids
                        .map((id) => optionText.get(`${question.question_id}:${id}`) ?? id)
                        .join(', ') ?? '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
