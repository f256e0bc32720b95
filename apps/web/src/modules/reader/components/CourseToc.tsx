import type { TocCategory } from '@coderoom/contracts';
import { minutesLabel } from '@coderoom/domain';
import { Link } from 'react-router';
import { LockIcon } from './LockIcon';

interface CourseTocProps {
  toc: TocCategory[];
  completed: ReadonlySet<number>;
  currentPageId?: number;
  /**
   * Nobody is logged in: preview lessons are marked as free to read and the others as locked, before
   * the visitor clicks one (the lesson asks them to log in).
   */
  isVisitor?: boolean;
  /** The syllabus on the course page shows each lesson's reading time. */
  showTimes?: boolean;
}

/** Categories and their lessons, with completion ticks; the hidden __default category shows no heading. */
export function CourseToc({
  toc,
  completed,
  currentPageId,
  isVisitor = false,
  showTimes = false,
}: CourseTocProps) {
  const categories = toc.filter((category) => category.pages.length > 0);
  if (categories.length === 0) return <p className="muted">This course has no lessons yet.</p>;
  return (
    <ol className="toc">
      {categories.map((category) => (
        <li key={`${category.title}-${category.pages[0]?.page_id}`} className="toc-category">
          {category.title === '__default' ? null : <h3 className="toc-category-title">{category.title}</h3>}
          <ol className="toc-pages">
            {category.pages.map((page) => {
              const done = completed.has(page.page_id);
              const current = page.page_id === currentPageId;
              const locked = isVisitor && !page.is_preview;
              return (
                <li
                  key={page.page_id}
                  className={`toc-page${current ? ' is-current' : ''}${locked ? ' is-locked' : ''}`}
                  data-locked={locked || undefined}
                >
                  {locked ? (
                    <span className="toc-check toc-lock" aria-hidden="true">
                      <LockIcon />
                    </span>
                  ) : (
                    <span className={`toc-check${done ? ' is-done' : ''}`} aria-hidden="true">
                      {done ? '✓' : ''}
                    </span>
                  )}
                  <Link to={page.url} aria-current={current ? 'page' : undefined}>
                    {page.title}
                    {done ? <span className="visually-hidden"> (completed)</span> : null}
                    {locked ? <span className="visually-hidden"> (locked: log in to read)</span> : null}
                  </Link>
                  {page.is_optional ? <span className="badge">Optional</span> : null}
                  {isVisitor && page.is_preview ? <span className="badge badge-accent">Preview</span> : null}
                  {showTimes && page.estimatedTime > 0 ? (
                    <span className="toc-time">{minutesLabel(page.estimatedTime)}</span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}
