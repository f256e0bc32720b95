import { countOf } from '@coderoom/domain';
import { Link } from 'react-router';
import { useFeaturedItems } from '../../reader/api/useFeaturedItems';
import { type CatalogueQuery, catalogueSearch, exploreLink } from '../utils/discoveryPages';

/** One category tile: its name, what it holds (counted by the catalogue) and a link to browse it. */
export function CatalogueCount({
  label,
  description,
  query,
}: {
  label: string;
  description: string;
  query: CatalogueQuery;
}) {
  const items = useFeaturedItems(catalogueSearch(query));
  return (
    <li className="card category-tile">
      <h3>
        <Link to={exploreLink(query)}>{label}</Link>
      </h3>
      <p className="muted">{description}</p>
      <p className="category-count" aria-live="polite">
        {items.isPending ? '…' : items.isError ? 'Could not be counted' : countOf(items.data.total, 'item')}
      </p>
    </li>
  );
}
