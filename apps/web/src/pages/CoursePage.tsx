import '../modules/reader/reader.css';
import type { CourseHome } from '@coderoom/contracts';
import { countOf, levelLabel, minutesLabel, workTypeLabel } from '@coderoom/domain';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import type { CourseAddress } from '../modules/reader/api/courseHomeQuery';
import { useCourseHome } from '../modules/reader/api/useCourseHome';
import { CourseCard } from '../modules/reader/components/CourseCard';
import { CourseThumbnail } from '../modules/reader/components/CourseThumbnail';
import { CourseToc } from '../modules/reader/components/CourseToc';
import { MarkdownBlock } from '../modules/reader/components/MarkdownBlock';
import { PinButton } from '../modules/reader/components/PinButton';
import { hasLoggedInMarker } from '../modules/session/hasLoggedInMarker';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

function useAddress(): CourseAddress | null {
  const params = useParams();
  const location = useLocation();
  if (params.encodedId) return { kind: 'code', encodedId: params.encodedId };
  const authorId = Number(params.authorId);
  const collectionId = Number(params.collectionId);
  if (!Number.isSafeInteger(authorId) || !Number.isSafeInteger(collectionId)) return null;
  return { kind: 'id', authorId, collectionId, draft: location.pathname.endsWith('/draft') };
}

function firstLessonUrl(home: CourseHome): string | null {
  for (const category of home.toc) if (category.pages[0]) return category.pages[0].url;
  return null;
}

function resumeUrl(home: CourseHome): string | null {
  const last = home.progress?.last_page_id;
  if (last) {
    for (const category of home.toc) {
      const page = category.pages.find((entry) => entry.page_id === last);
      if (page) return page.url;
    }
  }
  return firstLessonUrl(home);
}

function CourseHomeView({ home }: { home: CourseHome }) {
  const { data: user } = useUserInfo();
  const { collection, progress } = home;
  usePageTitle(collection.title);
  const started = (progress?.completed_page_ids.length ?? 0) > 0 || Boolean(progress?.last_page_id);
  const start = started ? resumeUrl(home) : firstLessonUrl(home);
  const completed = new Set(progress?.completed_page_ids ?? []);
  const isPath = collection.work_type === 'path';
  // Nobody is signed in in this browser (no marker): no flash of padlocks while a member's info loads.
  const isVisitor = !user && !hasLoggedInMarker();
  const lessons = home.toc.flatMap((category) => category.pages);
  const previews = lessons.filter((page) => page.is_preview).length;
  const facts = [
    levelLabel(collection.difficulty),
    ...(isPath
      ? [countOf(collection.path_courses?.length ?? 0, 'course')]
      : [countOf(collection.lesson_count, 'lesson'), minutesLabel(collection.estimated_minutes)]),
    ...(collection.learner_count > 0 ? [countOf(collection.learner_count, 'learner')] : []),
  ];
  const hasPrerequisites = collection.prerequisites.length > 0 || collection.prerequisite_courses.length > 0;
  return (
    <main id="main" className="page course-page">
      <header className="course-header card">
        <CourseThumbnail card={collection} className="course-header-cover" />
        <div className="course-header-text">
          {collection.is_draft_view ? <p className="badge badge-warning">Draft preview</p> : null}
          <p className="course-card-kind">
            {workTypeLabel(collection.work_type)}
            {collection.language_topic ? ` · ${collection.language_topic}` : ''}
            {collection.is_free ? <span className="badge">Free</span> : null}
          </p>
          <h1>{collection.title}</h1>
          <p className="lead">{collection.summary}</p>
          <p className="muted">By {collection.author_name}</p>
          <ul className="course-facts" aria-label="About this course">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          <div className="actions">
            {!isPath && start ? (
              <Link className="btn btn-primary" to={start}>
                {progress?.percent === 100
                  ? 'Review course'
                  : started
                    ? 'Continue learning'
                    : 'Start learning'}
              </Link>
            ) : null}
            {user && !collection.is_draft_view ? (
              <PinButton
                authorId={collection.author_id}
                workId={collection.collection_id}
                pinned={home.is_pinned}
              />
            ) : null}
          </div>
          {progress ? (
            <div className="progress-line">
              <progress max={100} value={progress.percent} aria-label="Course progress" />
              <span>{progress.percent}% complete</span>
              {progress.certificate_hash ? (
                <Link to={`/certificate/${progress.certificate_hash}`}>View certificate</Link>
              ) : null}
            </div>
          ) : null}
        </div>
      </header>
      <div className="course-sections">
        {collection.takeaway_skills.length > 0 ? (
          <section aria-labelledby="learn-heading" className="card">
            <h2 id="learn-heading">What you'll learn</h2>
            <ul className="learn-list">
              {collection.takeaway_skills.map((skill) => (
                <li key={skill} className="learn-item">
                  {skill}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {isPath ? null : (
          <section aria-labelledby="prerequisites-heading" className="card">
            <h2 id="prerequisites-heading">Before you start</h2>
            {hasPrerequisites ? (
              <>
                {collection.prerequisites.length > 0 ? (
                  <ul>
                    {collection.prerequisites.map((entry) => (
                      <li key={entry}>{entry}</li>
                    ))}
                  </ul>
                ) : null}
                {collection.prerequisite_courses.length > 0 ? (
                  <>
                    <p>It comes after these courses in a skill path:</p>
                    <ul className="prerequisite-courses">
                      {collection.prerequisite_courses.map((course) => (
                        <li key={course.collection_id}>
                          <Link to={course.url}>{course.title}</Link>{' '}
                          <span className="muted">({levelLabel(course.difficulty)})</span>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </>
            ) : (
              <p className="muted">Nothing: this course starts from the beginning.</p>
            )}
          </section>
        )}
        {collection.overview ? (
          <section aria-labelledby="overview-heading" className="card">
            <h2 id="overview-heading">Overview</h2>
            <MarkdownBlock text={collection.overview} />
          </section>
        ) : null}
        {collection.target_audience.length > 0 ? (
          <section aria-labelledby="audience-heading" className="card">
            <h2 id="audience-heading">Who this is for</h2>
            <ul>
              {collection.target_audience.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="content-heading" className="card">
          <h2 id="content-heading">{isPath ? 'Courses in this path' : 'Syllabus'}</h2>
          {isPath ? (
            <ol className="card-grid path-courses">
              {(collection.path_courses ?? []).map((card) => (
                <li key={card.collection_id}>
                  <CourseCard card={card} />
                </li>
              ))}
            </ol>
          ) : (
            <>
              <p className="muted syllabus-summary">
                {countOf(lessons.length, 'lesson')} · {minutesLabel(collection.estimated_minutes)}
                {isVisitor && lessons.length > 0
                  ? previews > 0
                    ? ` · ${countOf(previews, 'preview lesson')} free to read; log in for the others.`
                    : ' · Log in to read the lessons.'
                  : ''}
              </p>
              <CourseToc toc={home.toc} completed={completed} isVisitor={isVisitor} showTimes />
            </>
          )}
        </section>
        {home.related.length > 0 ? (
          <section aria-labelledby="related-heading">
            <h2 id="related-heading">Related content</h2>
            <ul className="card-grid">
              {home.related.map((card) => (
                <li key={card.collection_id}>
                  <CourseCard card={card} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </main>
  );
}

/** Course and path homepages: friendly /courses/{slug}/{id}, /paths/{slug}/{id}, and the id forms. */
export function CoursePage() {
  const address = useAddress();
  const query = useCourseHome(address ?? { kind: 'code', encodedId: 'invalid' });
  if (!address) return <ErrorPage code={404} />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ErrorPage code={status === 401 ? 404 : status} errorText={query.error.message} />;
  }
  return <CourseHomeView home={query.data} />;
}
