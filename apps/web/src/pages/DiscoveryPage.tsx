import '../modules/marketing/marketing.css';
import '../modules/reader/reader.css';
import { Link, useLocation } from 'react-router';
import { CatalogueSection } from '../modules/marketing/components/CatalogueSection';
import { DiscoveryExtra } from '../modules/marketing/components/DiscoveryExtra';
import { DISCOVERY_PAGES } from '../modules/marketing/utils/discoveryPages';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { ErrorPage } from '../ui/ErrorPage';

/** The discovery pages of 000 §2 (/track, /categories, /learning-plans, …): the catalogue, arranged. */
export function DiscoveryPage() {
  const { pathname } = useLocation();
  const config = DISCOVERY_PAGES[pathname.replace(/\/+$/, '')];
  usePageTitle(config?.title);
  if (!config) return <ErrorPage code={404} />;
  return (
    <main id="main" className="page page-wide discovery-page">
      <header className="page-header">
        <h1>{config.title}</h1>
        <p className="lead">{config.lead}</p>
        {config.cta ? (
          <Link className="btn btn-primary" to={config.cta.to}>
            {config.cta.label}
          </Link>
        ) : null}
      </header>
      {config.extra ? <DiscoveryExtra extra={config.extra} /> : null}
      {config.sections.map((section) => (
        <CatalogueSection key={section.heading} {...section} />
      ))}
    </main>
  );
}
