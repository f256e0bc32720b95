import { countOf } from '@coderoom/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { useFeaturedItems } from '../../reader/api/useFeaturedItems';
import { CourseCard } from '../../reader/components/CourseCard';
import { type CatalogueQuery, catalogueSearch, exploreLink } from '../utils/discoveryPages';

interface CatalogueSectionProps {
  heading: string;
  text?: string;
  query: CatalogueQuery;
  limit: number;
}

/** One shelf of a discovery page: the first cards the catalogue answers for a query, and a link to all. */
export function CatalogueSection({ heading, text, query, limit }: CatalogueSectionProps) {
  const items = useFeaturedItems(catalogueSearch(query));
  const headingId = useId();
  return (
    <section className="discovery-section" aria-labelledby={headingId} aria-busy={items.isFetching}>
      <div className="discovery-section-head">
        <h2 id={headingId}>{heading}</h2>
        {items.data && items.data.total > 0 ? (
          <Link to={exploreLink(query)}>
            See all {countOf(items.data.total, 'item')}
            <span className="visually-hidden"> for {heading}</span>
          </Link>
        ) : null}
      </div>
      {text ? <p className="muted">{text}</p> : null}
      {items.isPending ? (
        <p className="muted discovery-slot" role="status">
          Loading the catalogue…
        </p>
      ) : items.isError ? (
        <div className="card empty-state" role="alert">
          <p>This part of the catalogue could not be loaded.</p>
          <Button onClick={() => items.refetch()}>Try again</Button>
        </div>
      ) : items.data.items.length === 0 ? (
        <p className="muted">Nothing is published here yet: new material is on its way.</p>
      ) : (
        <ul className="card-grid">
          {items.data.items.slice(0, limit).map((card) => (
            <li key={card.collection_id}>
              <CourseCard card={card} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
