import { useId } from 'react';

const ORDERS = [
  ['relevance', 'Best match'],
  ['popular', 'Most learners'],
  ['newest', 'Newest'],
  ['shortest', 'Shortest first'],
  ['title', 'Title A–Z'],
] as const;

interface ExploreSortProps {
  /** The sort in the URL; empty for the default (best match). */
  value: string;
  /** Without a search, "best match" is the title order: it is named so. */
  searching: boolean;
  onChange: (sort: string | null) => void;
}

/** The order of explore's results, kept in the URL as ?sort=. */
export function ExploreSort({ value, searching, onChange }: ExploreSortProps) {
  const id = useId();
  return (
    <div className="explore-sort">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        value={value || 'relevance'}
        onChange={(event) => onChange(event.target.value === 'relevance' ? null : event.target.value)}
      >
        {ORDERS.filter(([order]) => searching || order !== 'title').map(([order, label]) => (
          <option key={order} value={order}>
            {order === 'relevance' && !searching ? 'Title A–Z' : label}
          </option>
        ))}
      </select>
    </div>
  );
}
