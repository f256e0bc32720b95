import '../modules/assessments/assessments.css';
import { Link, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useSharedResult } from '../modules/assessments/api/useSharedResult';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

/** /shared/assessment/:token — a learner's shared score: name, assessment, score and date, no answers. */
export function SharedAssessmentResultPage() {
  const { token = '' } = useParams();
  const query = useSharedResult(token);
  const result = query.data;
  usePageTitle(result ? `${result.learner_name}: ${result.assessment_title}` : 'Shared result');

  if (query.isPending) return <PageLoading label="Loading the shared result" />;
  if (query.isError || !result) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 400 ? 404 : status} />;
  }
  const date = new Date(result.completed_at).toLocaleDateString(undefined, { dateStyle: 'long' });
  return (
    <main id="main" className="page assessment-page">
      <header className="page-header">
        <p className="eyebrow">Shared skill assessment result</p>
        <h1>
          {result.learner_name} · {result.assessment_title}
        </h1>
      </header>
      <section className="card assessment-card shared-result" aria-label="Score">
        <div className="assessment-score">
          <span className="assessment-score-value" data-testid="shared-score">
            {result.score}
          </span>
          <span className="muted">
            of {result.max_score}
            {result.skill_level_label ? (
              <>
                {' '}
                · <strong>{result.skill_level_label}</strong>
              </>
            ) : null}
          </span>
        </div>
        <p className="muted">
          Completed on <time dateTime={result.completed_at}>{date}</time>.
        </p>
        <Link className="btn btn-primary" to={result.assessment_path}>
          Take this assessment
        </Link>
      </section>
    </main>
  );
}
