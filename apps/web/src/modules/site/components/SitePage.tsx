import '../site.css';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../shell/usePageTitle';

interface SitePageProps {
  title: string;
  lead: string;
  /** Legal texts say when they last changed. */
  updated?: string;
  children: ReactNode;
}

/** The frame of the site's own pages (About, Pricing, Terms, Privacy): one column of readable text. */
export function SitePage({ title, lead, updated, children }: SitePageProps) {
  usePageTitle(title);
  return (
    <main id="main" className="site-page">
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {updated ? <p className="updated">Last updated {updated}</p> : null}
      {children}
    </main>
  );
}
