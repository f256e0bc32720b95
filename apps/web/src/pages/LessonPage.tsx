import '../modules/reader/reader.css';
import type { CourseHome, Lesson, ReaderWidget } from '@coderoom/contracts';
import { CommerceMessages, FeatureFlag, SidebarKind, sectionAnchor } from '@coderoom/domain';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { AiSearchBox } from '../modules/ai/components/AiSearchBox';
import { ApiError } from '../modules/api/ApiError';
import { PricedLessonGate } from '../modules/commerce/components/PricedLessonGate';
import { useFeature } from '../modules/features/useFeatures';
import { LessonHighlighter } from '../modules/notes/components/LessonHighlighter';
import { useCourseHome } from '../modules/reader/api/useCourseHome';
import { useLesson } from '../modules/reader/api/useLesson';
import { useReadingPreferences } from '../modules/reader/api/useReadingPreferences';
import { useSetCompletion } from '../modules/reader/api/useSetCompletion';
import { CourseToc } from '../modules/reader/components/CourseToc';
import { LessonNudge } from '../modules/reader/components/LessonNudge';
import { LockIcon } from '../modules/reader/components/LockIcon';
import { ReadingPreferencesMenu } from '../modules/reader/components/ReadingPreferencesMenu';
import { useCopyNotice } from '../modules/reader/hooks/useCopyNotice';
import { usePageReadTime } from '../modules/reader/hooks/usePageReadTime';
import { hasLoggedInMarker } from '../modules/session/hasLoggedInMarker';
import { useUserInfo } from '../modules/session/hooks/useUserInfo';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { WidgetView } from '../modules/widgets/components/WidgetView';
import { Button } from '../ui/Button';
import { CollapsibleSidebar } from '../ui/CollapsibleSidebar';
import { ErrorPage } from '../ui/ErrorPage';
import { PageLoading } from '../ui/PageLoading';

// React has no type for the elementtiming attribute; it passes it to the DOM as written.
const ELEMENT_TIMING = { elementtiming: 'lesson-title' } as object;
const WIDTHS = { narrow: '38rem', medium: '46rem', wide: '60rem' } as const;
const FONTS = {
  sans: 'var(--font-sans)',
  serif: 'Georgia, "Times New Roman", serif',
  mono: 'var(--font-mono)',
};

function LessonView({ lesson, draft }: { lesson: Lesson; draft: boolean }) {
  const { data: user } = useUserInfo();
  const aiAssistant = useFeature(FeatureFlag.AiAssistant);
  const { preferences, save } = useReadingPreferences(Boolean(user));
  const { course, page } = lesson;
  const completion = useSetCompletion(course.author_id, course.collection_id, page.page_id);
  const location = useLocation();
  const article = useRef<HTMLElement>(null);
  const copyNotice = useCopyNotice(article);
  const [ranCode, setRanCode] = useState(false);
  usePageReadTime(page.page_id, Boolean(user) && !draft);
  usePageTitle(`${page.title} – ${course.title}`);

  // Deep links to a widget (#comp_id), or to a section an AI search answer cites (#its-heading-anchor),
  // scroll once the widgets are on the page.
  useEffect(() => {
    const target = decodeURIComponent(location.hash.slice(1));
    if (!target) return;
    const heading = [...(article.current?.querySelectorAll('h2, h3, h4') ?? [])].find(
      (element) => sectionAnchor(element.textContent ?? '') === target,
    );
    (document.getElementById(target) ?? heading)?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  const style = {
    '--lesson-width': WIDTHS[preferences.markdown_width],
    '--lesson-font-size': `${preferences.font_size}px`,
    '--lesson-line-height': String(preferences.line_height),
    '--lesson-heading-font': FONTS[preferences.heading_font],
    '--lesson-body-font': FONTS[preferences.body_font],
  } as CSSProperties;
  const completed = new Set(lesson.progress?.completed_page_ids ?? []);
  const context = {
    page: {
      author_id: course.author_id,
      collection_id: course.collection_id,
      page_id: page.page_id,
      ...(draft ? { draft: true } : {}),
    },
    savedData: lesson.widget_data,
    isLearner: Boolean(user) && !draft,
    onCodeRun: () => setRanCode(true),
  };

  return (
    <div className="lesson-layout">
      <CollapsibleSidebar kind={SidebarKind.Lesson} label="Lessons">
        <nav className="lesson-sidebar" aria-label="Lessons">
          <Link className="lesson-sidebar-course" to={course.url}>
            {course.title}
          </Link>
          {lesson.progress ? (
            <div className="progress-line">
              <progress max={100} value={lesson.progress.percent} aria-label="Course progress" />
              <span>{lesson.progress.percent}%</span>
            </div>
          ) : null}
          <CourseToc
            toc={lesson.toc}
            completed={completed}
            currentPageId={page.page_id}
            isVisitor={!user && !hasLoggedInMarker()}
          />
        </nav>
      </CollapsibleSidebar>
      <main id="main" className="lesson-main" style={style}>
        <div className="lesson-toolbar">
          {draft ? <span className="badge badge-warning">Draft preview</span> : <span />}
          {user ? <ReadingPreferencesMenu preferences={preferences} onChange={save} /> : null}
        </div>
        <article ref={article} className="lesson-article" aria-labelledby="lesson-title">
          <header>
            <p className="muted">
              {page.estimated_minutes} min read{page.is_optional ? ' · Optional lesson' : ''}
            </p>
            {/* elementtiming: the Element Timing API reports when the title was painted (bench:web). */}
            <h1 id="lesson-title" {...ELEMENT_TIMING}>
              {page.title}
            </h1>
          </header>
          <LessonHighlighter
            authorId={course.author_id}
            collectionId={course.collection_id}
            pageId={page.page_id}
          >
            {page.components.map((widget: ReaderWidget) => (
              <WidgetView key={widget.comp_id} widget={widget} context={context} />
            ))}
          </LessonHighlighter>
        </article>
        <LessonNudge
          article={article}
          enabled={Boolean(user) && !draft}
          isCompleted={lesson.is_completed}
          ranCode={ranCode}
          onMarkComplete={() => completion.mutate(true)}
        />
        <p className="visually-hidden" role="status">
          {copyNotice}
        </p>
        <footer className="lesson-footer">
          {user && !draft ? (
            <Button
              variant={lesson.is_completed ? 'secondary' : 'primary'}
              aria-pressed={lesson.is_completed}
              disabled={completion.isPending}
              onClick={() => completion.mutate(!lesson.is_completed)}
            >
              {lesson.is_completed ? '✓ Completed' : 'Mark as complete'}
            </Button>
          ) : null}
          {completion.data?.certificate ? (
            <p className="notice success" role="status">
              You finished the course.{' '}
              <Link to={completion.data.certificate.verify_url}>See your certificate</Link>
            </p>
          ) : null}
          {completion.isError ? (
            <p className="notice error" role="alert">
              {completion.error.message}
            </p>
          ) : null}
          <nav className="lesson-nav" aria-label="Previous and next lesson">
            {lesson.previous ? (
              <Link className="btn btn-secondary" to={lesson.previous.url} rel="prev">
                ← {lesson.previous.title}
              </Link>
            ) : (
              <span />
            )}
            {lesson.next ? (
              <Link className="btn btn-primary" to={lesson.next.url} rel="next">
                {lesson.next.title} →
              </Link>
            ) : (
              <Link className="btn btn-secondary" to={course.url}>
                Back to the course
              </Link>
            )}
          </nav>
          {user && aiAssistant ? (
            <section className="lesson-ai card" aria-label="Ask about the lessons">
              <AiSearchBox label="Stuck? Ask a question about the lessons" />
            </section>
          ) : null}
        </footer>
      </main>
    </div>
  );
}

interface LockedLesson {
  title: string;
  courseTitle: string;
  courseUrl: string;
  position: number;
  total: number;
}

/** The gate in front of a lesson that needs an account: it names the lesson and comes back to it. */
function LoginToContinue({ lesson }: { lesson: LockedLesson | null }) {
  const location = useLocation();
  usePageTitle(lesson ? `Log in to read ${lesson.title}` : 'Log in to continue');
  const returnUrl = encodeURIComponent(location.pathname + location.search + location.hash);
  return (
    <main id="main" className="page">
      <section className="card empty-state login-gate">
        <p className="login-gate-icon" aria-hidden="true">
          <LockIcon size={22} />
        </p>
        {lesson ? (
          <>
            <h1>Log in to read “{lesson.title}”</h1>
            <p className="muted">
              Lesson {lesson.position} of {lesson.total} in{' '}
              <Link to={lesson.courseUrl}>{lesson.courseTitle}</Link> is for learners with an account. It is
              free to sign up, and you come straight back here.
            </p>
          </>
        ) : (
          <>
            <h1>Log in to keep reading</h1>
            <p className="muted">
              This lesson is for learners with an account. It is free to sign up, and you come straight back
              here.
            </p>
          </>
        )}
        <div className="actions">
          <Link className="btn btn-primary" to={`/login?returnUrl=${returnUrl}`}>
            Log in
          </Link>
          <Link className="btn btn-secondary" to={`/signup?returnUrl=${returnUrl}`}>
            Sign up
          </Link>
        </div>
      </section>
    </main>
  );
}

/** The lesson as the course outline names it, for a visitor it is locked for; null when it is open. */
function lockedForVisitor(home: CourseHome | undefined, pageId: number): LockedLesson | null {
  if (!home) return null;
  const pages = home.toc.flatMap((category) => category.pages);
  const index = pages.findIndex((entry) => entry.page_id === pageId);
  const entry = pages[index];
  if (!entry || entry.is_preview) return null;
  return {
    title: entry.title,
    courseTitle: home.collection.title,
    courseUrl: home.collection.url,
    position: index + 1,
    total: pages.length,
  };
}

/** /collection/page/{authorId}/{collectionId}/{pageId}[/draft] and the module form. */
export function LessonPage() {
  const params = useParams();
  const location = useLocation();
  const authorId = Number(params.authorId);
  const collectionId = Number(params.collectionId);
  const pageId = Number(params.pageId);
  const draft = location.pathname.endsWith('/draft');
  const valid = [authorId, collectionId, pageId].every((value) => Number.isSafeInteger(value) && value > 0);
  // Logged out, the course's public outline says whether the lesson is open before it is asked for, so
  // a locked one shows its gate without a 401 in the console.
  const visitor = !draft && !hasLoggedInMarker();
  const outline = useCourseHome(
    { kind: 'id', authorId: valid ? authorId : 0, collectionId, draft: false },
    { enabled: valid && visitor },
  );
  const locked = visitor ? lockedForVisitor(outline.data, pageId) : null;
  const query = useLesson(valid ? authorId : 0, collectionId, pageId, draft, {
    enabled: valid && (!visitor || (!outline.isPending && !locked)),
  });
  if (!valid) return <ErrorPage code={404} />;
  if (locked) return <LoginToContinue lesson={locked} />;
  if (query.isPending) return <PageLoading label="Loading the lesson" />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    if (status === 401) return <LoginToContinue lesson={null} />;
    if (status === 403 && query.error.message === CommerceMessages.NotInSubscription) {
      return <PricedLessonGate authorId={authorId} collectionId={collectionId} />;
    }
    return <ErrorPage code={status} errorText={query.error.message} />;
  }
  return <LessonView key={pageId} lesson={query.data} draft={draft} />;
}
