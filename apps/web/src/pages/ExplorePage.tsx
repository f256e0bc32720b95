import '../modules/reader/reader.css';
import { countOf } from '@coderoom/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { useFeaturedItems } from '../modules/reader/api/useFeaturedItems';
import { CourseCard } from '../modules/reader/components/CourseCard';
import { ExploreFilters } from '../modules/reader/components/ExploreFilters';
import { ExploreSort } from '../modules/reader/components/ExploreSort';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { Pager } from '../ui/Pager';

const SEARCH_MAX = 128;

const SCOPES = [
  { to: '/explore', label: 'All', scope: 'all' },
  { to: '/explore/free', label: 'Free', scope: 'free' },
  { to: '/explore/early-access', label: 'Early access', scope: 'early-access' },
] as const;

/** /explore, /explore/free and /explore/early-access: search and filter the catalogue. */
export function ExplorePage() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const scope = SCOPES.find((entry) => entry.to === location.pathname)?.scope ?? 'all';
  const searchString = params.get('q') ?? '';
  const [draft, setDraft] = useState(searchString);
  const searchId = useId();
  usePageTitle('Explore');
  useEffect(() => setDraft(searchString), [searchString]);

  const query = new URLSearchParams();
  if (searchString) query.set('search_string', searchString.slice(0, SEARCH_MAX));
  for (const key of ['type', 'topic', 'difficulty', 'duration', 'sort', 'page'] as const) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  if (scope !== 'all') query.set('scope', scope);
  const { data, isPending, isError, isFetching, refetch } = useFeaturedItems(query);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim().slice(0, SEARCH_MAX) || null });
  };
  const page = data?.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  // The filters travel between the explore sub-pages only (spec 000 §2); anywhere else starts afresh.
  const carried = params.toString() ? `?${params.toString()}` : '';

  return (
    <main id="main" className="page explore-page">
      <header className="page-header">
        <h1>Explore</h1>
        <search>
          <form className="search-form" onSubmit={submit}>
            <label htmlFor={searchId} className="visually-hidden">
              What do you want to learn?
            </label>
            <input
              id={searchId}
              type="search"
              placeholder="What do you want to learn?"
              value={draft}
              maxLength={SEARCH_MAX}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit">Search</Button>
          </form>
        </search>
        <nav className="tabs" aria-label="Catalogue">
          {SCOPES.map((entry) => (
            <NavLink key={entry.to} to={`${entry.to}${carried}`} end className="tab">
              {entry.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <div className="explore-layout">
        <ExploreFilters params={params} onChange={update} />
        <section aria-labelledby="results-heading" aria-busy={isFetching} className="explore-results">
          <h2 id="results-heading" className="visually-hidden">
            Results
          </h2>
          {isPending ? (
            <p className="muted" role="status">
              Loading the catalogue…
            </p>
          ) : isError ? (
            <div className="card empty-state" role="alert">
              <p>The catalogue could not be loaded.</p>
              <Button onClick={() => refetch()}>Try again</Button>
            </div>
          ) : data.items.length === 0 ? (
            <div className="card empty-state">
              <h3>Nothing matches</h3>
              <p className="muted">
                Try fewer words or clear a filter. <Link to={location.pathname}>Clear everything</Link>
              </p>
            </div>
          ) : (
            <>
              <div className="explore-results-bar">
                <p className="muted" role="status">
                  {countOf(data.total, 'result')}
                  {searchString ? ` for “${searchString}”` : ''}
                </p>
                <ExploreSort
                  value={params.get('sort') ?? ''}
                  searching={Boolean(searchString)}
                  onChange={(sort) => update({ sort })}
                />
              </div>
              <ul className="card-grid">
                {data.items.map((card) => (
                  <li key={card.collection_id}>
                    <CourseCard card={card} />
                  </li>
                ))}
              </ul>
              <Pager page={page} pages={pages} onPage={(next) => update({ page: String(next) })} />
            </>
          )}
        </section>
      </div>
    </main>
  );
}
