import './itemEditor.css';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

export interface ItemEditorEntry {
  id: number;
  to: string;
  title: string;
  meta: ReactNode;
}

/**
 * The page of an editor of an ordered list of items (an assessment's questions, a project's tasks): the
 * header, the numbered list with the selected item marked and the link to add one, and the editor beside
 * it (`children`). Class names start with `classPrefix` (`project-editor` gives `project-editor-layout`,
 * `-list`, `-number`, `-meta`).
 */
export function ItemEditorShell({
  classPrefix,
  back,
  title,
  summary,
  notice,
  listLabel,
  listStart,
  entries,
  selectedId,
  entryTitleClassName,
  emptyText,
  add,
  listEnd,
  children,
}: {
  classPrefix: string;
  back: { to: string; label: string };
  title: string;
  /** The muted line under the title. */
  summary: ReactNode;
  notice?: ReactNode;
  listLabel: string;
  /** Shown above the list, e.g. a link to the whole thing's details. */
  listStart?: ReactNode;
  entries: readonly ItemEditorEntry[];
  selectedId: number | null;
  entryTitleClassName: string;
  emptyText: string;
  /** The Add link; none for a reader who cannot edit. */
  add: { to: string; label: string } | null;
  /** Shown below the Add link. */
  listEnd?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className={`page page-wide ${classPrefix}`}>
      <header className="page-header">
        <p className="small">
          <Link to={back.to}>{back.label}</Link>
        </p>
        <h1>{title}</h1>
        <p className="muted">{summary}</p>
        {notice}
      </header>
      <div className={`${classPrefix}-layout`}>
        <nav className={`${classPrefix}-list`} aria-label={listLabel}>
          {listStart}
          <ol>
            {entries.map((entry, index) => {
              const isSelected = entry.id === selectedId;
              return (
                <li key={entry.id}>
                  <NavLink
                    to={entry.to}
                    className={isSelected ? 'active' : undefined}
                    aria-current={isSelected ? 'page' : undefined}
                  >
                    <span className={`${classPrefix}-number`}>{index + 1}</span>
                    <span className={entryTitleClassName}>{entry.title}</span>
                    <span className={`${classPrefix}-meta small`}>{entry.meta}</span>
                  </NavLink>
                </li>
              );
            })}
          </ol>
          {entries.length === 0 && <p className="muted small">{emptyText}</p>}
          {add && (
            <Link className="btn btn-secondary" to={add.to}>
              {add.label}
            </Link>
          )}
          {listEnd}
        </nav>
        {children}
      </div>
    </main>
  );
}
