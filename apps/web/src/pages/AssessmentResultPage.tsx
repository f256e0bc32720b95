import '../modules/assessments/assessments.css';
import '../modules/reader/reader.css';
import { SkillScore } from '@coderoom/domain';
import { Link, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { useAssessmentStats } from '../modules/assessments/api/useAssessmentStats';
import { useAttemptReview } from '../modules/assessments/api/useAttemptReview';
import { AttemptReviewList } from '../modules/assessments/components/AttemptReviewList';
import { RetakeAction } from '../modules/assessments/components/RetakeAction';
import { ShareScoreCard } from '../modules/assessments/components/ShareScoreCard';
import { SkillBars } from '../modules/assessments/components/SkillBars';
import { CourseCard } from '../modules/reader/components/CourseCard';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

const MARKS = [
  { score: SkillScore.Min, label: 'Beginner' },
  { score: SkillScore.Proficient, label: 'Proficient' },
  { score: SkillScore.Expert, label: 'Expert' },
  { score: SkillScore.Max, label: '' },
];

const positionOf = (score: number) =>
  `${((score - SkillScore.Min) / (SkillScore.Max - SkillScore.Min)) * 100}%`;

function AssessmentResult() {
  const params = useParams();
  const [authorId, collectionId, attemptId] = [params.authorId, params.collectionId, params.attemptId].map(
    Number,
  ) as [number, number, number];
  const query = useAssessmentStats(authorId, collectionId, attemptId);
  const review = useAttemptReview(authorId, collectionId, attemptId);
  usePageTitle(query.data ? `Result: ${query.data.assessment_title}` : 'Assessment result');

  if (query.isPending) return <PageLoading label="Loading your result" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status} />;
  }
  const stats = query.data;
  return (
    <main id="main" className="page assessment-page">
      <header className="page-header">
        <p className="eyebrow">Your result</p>
        <h1>{stats.assessment_title}</h1>
      </header>
      <section className="card assessment-card" aria-labelledby="score-heading">
        <h2 id="score-heading" className="visually-hidden">
          Score
        </h2>
        <div className="assessment-score">
          <span className="assessment-score-value" data-testid="assessment-score">
            {stats.score}
          </span>
          <span className="muted">
            of {stats.max_score} · <strong data-testid="assessment-level">{stats.skill_level_label}</strong>
          </span>
        </div>
        <div>
          <div className="assessment-scale" aria-hidden="true">
            <span
              className="assessment-scale-marker"
              style={{ left: `calc(${positionOf(stats.score)} - 2px)` }}
            />
          </div>
          <div className="assessment-scale-labels muted">
            {MARKS.map((mark) => (
              <span key={mark.score} style={{ left: positionOf(mark.score) }}>
                {mark.score} {mark.label}
              </span>
            ))}
          </div>
        </div>
        <p className="muted">
          {stats.correct} of {stats.answered} answers right. Harder questions count for more.
        </p>
        <div className="result-actions">
          <a className="btn btn-secondary" href="#review-heading">
            Review your answers
          </a>
          <RetakeAction
            authorId={authorId}
            collectionId={collectionId}
            availableAt={stats.retake_available_at}
          />
        </div>
      </section>
      <section className="section card assessment-card" aria-labelledby="skills-heading">
        <h2 id="skills-heading">By skill</h2>
        <SkillBars skills={stats.skills} />
      </section>
      <ShareScoreCard
        authorId={authorId}
        collectionId={collectionId}
        attemptId={attemptId}
        share={stats.share}
      />
      <section className="section" aria-labelledby="review-heading">
        <h2 id="review-heading" tabIndex={-1}>
          Review your answers
        </h2>
        {review.isPending ? (
          <p className="muted" role="status">
            Loading your answers…
          </p>
        ) : review.isError ? (
          <p className="form-message form-message-error" role="alert">
            {review.error.message}
          </p>
        ) : (
          <AttemptReviewList questions={review.data.questions} />
        )}
      </section>
      {stats.recommended_courses.length > 0 ? (
        <section className="section" aria-labelledby="recommended-heading">
          <h2 id="recommended-heading">Recommended courses</h2>
          <ul className="card-grid">
            {stats.recommended_courses.map((card) => (
              <li key={card.collection_id}>
                <CourseCard card={card} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <Link to={`/assessments/${stats.slug || 'assessment'}/${stats.encoded_id}`}>
          Back to the assessment
        </Link>
      </p>
    </main>
  );
}

/** /assessment/:authorId/:collectionId/:attemptId/result — score, level, per-skill bars, next courses. */
export function AssessmentResultPage() {
  return (
    <RequireUser>
      <AssessmentResult />
    </RequireUser>
  );
}
