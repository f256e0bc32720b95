import '../work.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { RequireUser } from '../../session/components/RequireUser';

const LINKS = [
  { to: '/work', label: 'Home', end: true },
  { to: '/work/projects', label: 'Projects' },
  { to: '/work/docs', label: 'Documents' },
  { to: '/work/tasks', label: 'Tasks' },
  { to: '/work/reviews', label: 'Reviews' },
  { to: '/work/groups', label: 'Groups' },
  { to: '/work/scheduled-reports', label: 'Scheduled reports' },
  { to: '/work/trash', label: 'Trash' },
] as const;

/** The work area's frame: its sidebar (318 px wide, 264 px on narrower screens, spec 002 §9) and the page. */
export function WorkLayout({ children }: { children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  // On a phone the sidebar is one scrolling row: the page's own link is scrolled into sight (each work
  // page has its own layout, so this runs once per page).
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && current && row.scrollWidth > row.clientWidth) row.scrollLeft = current.offsetLeft - 8;
  }, []);
  return (
    <RequireUser>
      <div className="work-layout">
        <nav className="work-sidebar" aria-label="Work">
          <p className="work-sidebar-title">Work</p>
          <ul ref={list}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={'end' in link ? link.end : false}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="work-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </RequireUser>
  );
}
