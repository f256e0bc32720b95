import type { TocCategory } from '@coderoom/contracts';
import { Link } from 'react-router';

interface CourseTocProps {
  toc: TocCategory[];
  completed: ReadonlySet<number>;
  currentPageId?: number;
  /** Logged-out visitors see which lessons they can open without an account. */
  showPreviewBadges?: boolean;
}

/** Categories and their lessons, with completion ticks; the hidden __default category shows no heading. */
export function CourseToc({ toc, completed, currentPageId, showPreviewBadges = false }: CourseTocProps) {
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
              return (
                <li key={page.page_id} className={`toc-page${current ? ' is-current' : ''}`}>
                  <span className={`toc-check${done ? ' is-done' : ''}`} aria-hidden="true">
                    {done ? '✓' : ''}
                  </span>
                  <Link to={page.url} aria-current={current ? 'page' : undefined}>
                    {page.title}
                    {done ? <span className="visually-hidden"> (completed)</span> : null}
                  </Link>
                  {page.is_optional ? <span className="badge">Optional</span> : null}
                  {showPreviewBadges && page.is_preview ? (
                    <span className="badge badge-accent">Preview</span>
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
