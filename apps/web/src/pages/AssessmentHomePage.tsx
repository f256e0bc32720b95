import '../modules/assessments/assessments.css';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useAssessmentOverview } from '../modules/assessments/api/useAssessmentOverview';
import { useStartAttempt } from '../modules/assessments/api/useStartAttempt';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { MarkdownText } from '../modules/widgets/components/MarkdownText';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

/** /assessments/:slug/:encodedId — what the assessment covers, its estimate, the last result, Start. */
export function AssessmentHomePage() {
  const { encodedId = '' } = useParams();
  const query = useAssessmentOverview(encodedId);
  const { data: user } = useUserInfo();
  const start = useStartAttempt();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(query.data?.title ?? 'Skill assessment');

  if (query.isPending) return <PageLoading label="Loading the assessment" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 401 ? 404 : status} />;
  }
  const overview = query.data;
  const resumeOrStart = () =>
    start.mutate(
      { authorId: overview.author_id, collectionId: overview.collection_id },
      {
        onSuccess: ({ attempt }) =>
          navigate(
            `/assessment/${attempt.author_id}/${attempt.collection_id}/${attempt.attempt_id}/${attempt.current_question_id}`,
          ),
      },
    );
  const returnUrl = encodeURIComponent(location.pathname);

  return (
    <main id="main" className="page assessment-page">
      <header className="page-header">
        <p className="eyebrow">
          Skill assessment{overview.language_topic ? ` · ${overview.language_topic}` : ''}
        </p>
        <h1>{overview.title}</h1>
        <p className="lead muted">{overview.summary}</p>
        <div className="assessment-facts">
          <span className="badge">{overview.estimate_text}</span>
          <span className="badge">Adaptive difficulty</span>
        </div>
      </header>
      <section className="card assessment-card" aria-labelledby="about-heading">
        <h2 id="about-heading">What it covers</h2>
        <ul className="assessment-skills">
          {overview.skills.map((skill) => (
            <li key={skill}>{skill}</li>
          ))}
        </ul>
        {overview.overview ? <MarkdownText text={overview.overview} /> : null}
        {overview.last_result ? (
          <p>
            Your last result: <strong>{overview.last_result.score}</strong> ·{' '}
            {overview.last_result.skill_level_label}{' '}
            <Link
              to={`/assessment/${overview.author_id}/${overview.collection_id}/${overview.last_result.attempt_id}/result`}
            >
              See the breakdown
            </Link>
          </p>
        ) : null}
        {start.isError ? (
          <p role="alert" className="form-message form-message-error">
            {start.error.message}
          </p>
        ) : null}
        <div>
          {user && overview.retake_available_at ? (
            <p className="muted" data-testid="retake-cooldown">
              You can retake this assessment from{' '}
              <time dateTime={overview.retake_available_at}>
                {new Date(overview.retake_available_at).toLocaleString(undefined, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}
              </time>
              .
            </p>
          ) : user ? (
            <button
              type="button"
              className="btn btn-primary btn-large"
              onClick={resumeOrStart}
              disabled={start.isPending}
            >
              {overview.in_progress_attempt_id
                ? 'Resume assessment'
                : overview.last_result
                  ? 'Retake assessment'
                  : 'Start assessment'}
            </button>
          ) : (
            <Link className="btn btn-primary btn-large" to={`/login?returnUrl=${returnUrl}`}>
              Log in to start
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}
