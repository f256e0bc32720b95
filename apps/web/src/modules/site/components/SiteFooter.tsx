import '../site.css';
import { PRODUCT_NAME } from '@coderoom/domain';
import { Link } from 'react-router';

const COLUMNS = [
  {
    heading: 'Learn',
    links: [
      ['/explore', 'Explore the catalogue'],
      ['/explore/free', 'Free courses'],
      ['/explore?type=paths', 'Skill paths'],
      ['/explore?type=projects', 'Projects'],
      ['/categories', 'Browse by category'],
      ['/become-a-developer', 'Become a developer'],
    ],
  },
  {
    heading: PRODUCT_NAME,
    links: [
      ['/about', 'About'],
      ['/pricing', 'Pricing'],
      ['/m/for-teams', 'For teams'],
      ['/blog', 'Blog'],
      ['/teach', 'Teach on Coderoom'],
    ],
  },
  {
    heading: 'Legal',
    links: [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ],
  },
] as const;

/** The public pages' footer: where to learn, who we are, what it costs and the legal texts. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="site-footer-brand">
          <p className="site-footer-name">
            <span className="brand-mark" aria-hidden="true">
              {'</>'}
            </span>{' '}
            {PRODUCT_NAME}
          </p>
          <p className="muted small">
            Interactive courses for software developers: read it, run it, prove it.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={column.heading} className="site-footer-column">
            <h2 className="site-footer-heading">{column.heading}</h2>
            <ul>
              {column.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="site-footer-legal muted small">© 2026 {PRODUCT_NAME}. Code you write here stays yours.</p>
    </footer>
  );
}
