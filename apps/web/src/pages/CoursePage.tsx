import '../modules/reader/reader.css';
import type { CourseHome } from '@coderoom/contracts';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../modules/api/ApiError';
import { type CourseAddress, useCourseHome } from '../modules/reader/api/useCourseHome';
import { CourseCard } from '../modules/reader/components/CourseCard';
import { CourseThumbnail } from '../modules/reader/components/CourseThumbnail';
import { CourseToc } from '../modules/reader/components/CourseToc';
import { MarkdownBlock } from '../modules/reader/components/MarkdownBlock';
import { PinButton } from '../modules/reader/components/PinButton';
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
  return (
    <main id="main" className="page course-page">
      <header className="course-header card">
        <CourseThumbnail card={collection} />
        <div className="course-header-text">
          {collection.is_draft_view ? <p className="badge badge-warning">Draft preview</p> : null}
          <p className="muted">
            {isPath ? 'Skill path' : 'Course'}
            {collection.language_topic ? ` · ${collection.language_topic}` : ''} ·{' '}
            <span className="capitalize">{collection.difficulty}</span>
            {isPath ? null : ` · ${collection.lesson_count} lessons`}
          </p>
          <h1>{collection.title}</h1>
          <p className="lead">{collection.summary}</p>
          <p className="muted">By {collection.author_name}</p>
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
        {collection.overview ? (
          <section aria-labelledby="overview-heading" className="card">
            <h2 id="overview-heading">Overview</h2>
            <MarkdownBlock text={collection.overview} />
          </section>
        ) : null}
        {collection.takeaway_skills.length > 0 ? (
          <section aria-labelledby="skills-heading" className="card">
            <h2 id="skills-heading">Takeaway skills</h2>
            <ul className="skill-list">
              {collection.takeaway_skills.map((skill) => (
                <li key={skill}>{skill}</li>
              ))}
            </ul>
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
          <h2 id="content-heading">{isPath ? 'Courses in this path' : 'Content'}</h2>
          {isPath ? (
            <ol className="card-grid path-courses">
              {(collection.path_courses ?? []).map((card) => (
                <li key={card.collection_id}>
                  <CourseCard card={card} />
                </li>
              ))}
            </ol>
          ) : (
            <CourseToc toc={home.toc} completed={completed} showPreviewBadges={!user} />
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
    return <ErrorPage code={status === 401 ? 404 : status} />;
  }
  return <CourseHomeView home={query.data} />;
}
