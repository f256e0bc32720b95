import type { PlanReaderPage, PlanReaderResponse } from '@coderoom/contracts';
import { SidebarKind } from '@coderoom/domain';
import { Link } from 'react-router';
import { CollapsibleSidebar } from '../../../ui/CollapsibleSidebar';
import { MarkdownBlock } from '../../reader/components/MarkdownBlock';
import { dateOf } from '../utils/dateOf';
import { FeedbackList } from './AssignedPlanView';

// The plan reader (docs/organizations.md "Plan reader"): a plan read page by page, as a course is read
// lesson by lesson: the pages in a sidebar with their progress, the page's text and its courses and paths.

const isDone = (page: PlanReaderPage) => page.percent !== null && page.percent >= 100;

function ProgressLine({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="progress-line">
      <progress max={100} value={percent} aria-label={label} />
      <span>{percent}%</span>
    </div>
  );
}

/** Whose plan this is and how it stands: the mentee, the preview, the due date. */
function ReaderBanner({ reader }: { reader: PlanReaderResponse }) {
  const { mode, plan, assignment, mentee } = reader;
  return (
    <div className="lesson-toolbar plan-reader-toolbar">
      <p className="muted small">
        {mode === 'mentee' && mentee && (
          <span className="badge badge-accent">Reading as {mentee.email}'s mentor</span>
        )}
        {mode === 'preview' && (
          <span className="badge badge-warning">
            {plan.is_template ? 'Template preview' : plan.state === 'draft' ? 'Draft preview' : 'Preview'}
          </span>
        )}{' '}
        {plan.kind_label} plan
        {assignment && (assignment.due_date ? ` · Due ${dateOf(assignment.due_date)}` : ' · No due date')}
        {assignment?.is_overdue && <span className="badge badge-warning">Overdue</span>}
        {assignment?.completed_at && <span className="badge">Completed</span>}
      </p>
      {plan.edit_url && (
        <Link className="btn btn-ghost" to={plan.edit_url}>
          Edit the plan
        </Link>
      )}
    </div>
  );
}

function PagesNav({ reader, current }: { reader: PlanReaderResponse; current: number | null }) {
  const { plan, assignment, pages } = reader;
  return (
    <CollapsibleSidebar kind={SidebarKind.Plan} label="Plan pages">
      <nav className="lesson-sidebar" aria-label="Plan pages">
        <Link
          className="lesson-sidebar-course"
          to={plan.url}
          aria-current={current === null ? 'page' : undefined}
        >
          {plan.title}
        </Link>
        {assignment && <ProgressLine label="Plan progress" percent={assignment.percent} />}
        <ol className="toc-pages plan-reader-pages">
          {pages.map((page) => {
            const done = isDone(page);
            const here = page.number === current;
            return (
              <li key={page.number} className={`toc-page${here ? ' is-current' : ''}`}>
                <span className={`toc-check${done ? ' is-done' : ''}`} aria-hidden="true">
                  {done ? '✓' : ''}
                </span>
                <Link to={page.url} aria-current={here ? 'page' : undefined}>
                  {page.title}
                  {done ? <span className="visually-hidden"> (completed)</span> : null}
                </Link>
                {page.percent !== null && !done && <span className="toc-time">{page.percent}%</span>}
              </li>
            );
          })}
        </ol>
      </nav>
    </CollapsibleSidebar>
  );
}

function PageItems({ page, showProgress }: { page: PlanReaderPage; showProgress: boolean }) {
  if (page.items.length === 0) return null;
  return (
    <section className="plan-reader-items" aria-labelledby={`page-${page.number}-items`}>
      <h2 id={`page-${page.number}-items`}>Courses and paths on this page</h2>
      <ul className="assigned-list">
        {page.items.map((item) => (
          <li key={item.work_id} className="card assigned-item">
            <div>
              <h3 className="assigned-title">
                <Link to={item.url}>{item.title}</Link>
              </h3>
              <p className="muted small">
                {item.work_type === 'path' ? 'Path' : 'Course'}
                {showProgress && item.completed && <span className="badge">Completed</span>}
              </p>
            </div>
            {showProgress && <ProgressLine label={`${item.title} progress`} percent={item.percent} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The plan's first page: what it is, how far along, where to go on. */
function Outline({ reader }: { reader: PlanReaderResponse }) {
  const { plan, assignment, pages, feedback, mode } = reader;
  const next = pages.find((page) => !isDone(page)) ?? pages[0];
  const started = pages.some((page) => (page.percent ?? 0) > 0);
  return (
    <article className="lesson-article" aria-labelledby="plan-title">
      <header>
        <h1 id="plan-title">{plan.title}</h1>
        {plan.description && <p>{plan.description}</p>}
      </header>
      {assignment && <ProgressLine label={`${plan.title} progress`} percent={assignment.percent} />}
      {pages.length === 0 ? (
        <p className="muted">This plan has no pages yet.</p>
      ) : (
        <>
          <h2>Pages</h2>
          <ol className="plan-reader-outline">
            {pages.map((page) => (
              <li key={page.number}>
                <Link to={page.url}>{page.title}</Link>
                <span className="muted small">
                  {' '}
                  · {page.items.length === 1 ? '1 course' : `${page.items.length} courses`}
                  {page.percent !== null ? ` · ${page.percent}%` : ''}
                </span>
              </li>
            ))}
          </ol>
          {next && (
            <p>
              <Link className="btn btn-primary" to={next.url}>
                {mode === 'preview'
                  ? 'Read the first page'
                  : started
                    ? `Continue: ${next.title}`
                    : 'Start the plan'}
              </Link>
            </p>
          )}
        </>
      )}
      {mode !== 'preview' && (
        <section aria-labelledby="plan-feedback">
          <h2 id="plan-feedback">Mentor feedback</h2>
          {feedback.length === 0 ? (
            <p className="muted">The mentor's feedback on this plan shows up here.</p>
          ) : (
            <FeedbackList feedback={feedback} label="Mentor feedback on this plan" />
          )}
        </section>
      )}
    </article>
  );
}

function Page({ reader, page }: { reader: PlanReaderResponse; page: PlanReaderPage }) {
  const previous = reader.pages[page.number - 2];
  const next = reader.pages[page.number];
  return (
    <>
      <article className="lesson-article" aria-labelledby="plan-page-title">
        <header>
          <p className="muted">
            Page {page.number} of {reader.pages.length} · {reader.plan.title}
          </p>
          <h1 id="plan-page-title">{page.title}</h1>
        </header>
        {page.percent !== null && <ProgressLine label={`${page.title} progress`} percent={page.percent} />}
        {page.body.trim() && <MarkdownBlock className="prose plan-reader-body" text={page.body} />}
        <PageItems page={page} showProgress={reader.mode !== 'preview'} />
      </article>
      <footer className="lesson-footer">
        <nav className="lesson-nav" aria-label="Previous and next page">
          {previous ? (
            <Link className="btn btn-secondary" to={previous.url} rel="prev">
              ← {previous.title}
            </Link>
          ) : (
            <Link className="btn btn-secondary" to={reader.plan.url}>
              ← The plan
            </Link>
          )}
          {next ? (
            <Link className="btn btn-primary" to={next.url} rel="next">
              {next.title} →
            </Link>
          ) : (
            <Link className="btn btn-secondary" to={reader.plan.url}>
              Back to the plan
            </Link>
          )}
        </nav>
      </footer>
    </>
  );
}

/** The plan reader: the outline (`page` null) or one page. */
export function PlanReader({ reader, page }: { reader: PlanReaderResponse; page: PlanReaderPage | null }) {
  return (
    <div className="lesson-layout plan-reader">
      <PagesNav reader={reader} current={page?.number ?? null} />
      <main id="main" className="lesson-main">
        <ReaderBanner reader={reader} />
        {page ? <Page reader={reader} page={page} /> : <Outline reader={reader} />}
      </main>
    </div>
  );
}
