import { SEARCH_STRING_MAX_LENGTH } from '@coderoom/domain';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../studio/hooks/useDebouncedValue';
import { type SiteSearchHit, useSiteSearch } from './useSiteSearch';

const GROUPS = [
  { key: 'courses', label: 'Courses' },
  { key: 'paths', label: 'Skill paths' },
  { key: 'answers', label: 'Answers' },
] as const;

/**
 * The full-text variant of the header's search dropdown (spec 002 §2.3): results from courses, paths and
 * answers as you type, in the ARIA combobox pattern. Arrow keys move through the options (focus stays in
 * the input, aria-activedescendant names the option), Enter opens the active one or, with none active,
 * the explore page for the text; Escape clears the active option first.
 */
export function SiteSearchCombobox({ onNavigate }: { onNavigate: () => void }) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(text, 200);
  const { data, isFetching, isError } = useSiteSearch(debounced);
  const navigate = useNavigate();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const statusId = `${baseId}-status`;
  const searching = debounced.trim().length >= 2;

  const hits: SiteSearchHit[] = searching && data ? [...data.courses, ...data.paths, ...data.answers] : [];
  const optionId = (hit: SiteSearchHit) => `${baseId}-${hit.id}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: new results start without an active option
  useEffect(() => setActive(-1), [data, debounced]);

  const go = (href: string) => {
    onNavigate();
    navigate(href);
  };
  const query = text.trim().slice(0, SEARCH_STRING_MAX_LENGTH);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const hit = hits[active];
    if (hit) go(hit.href);
    else go(query ? `/explore?q=${encodeURIComponent(query)}` : '/explore');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? hits.length - 1 : index - 1));
    } else if (event.key === 'Home' && hits.length > 0 && active >= 0) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && hits.length > 0 && active >= 0) {
      event.preventDefault();
      setActive(hits.length - 1);
    } else if (event.key === 'Escape' && active >= 0) {
      // The first Escape leaves the options; the next one closes the dropdown (HeaderSearch).
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      setActive(-1);
    }
  };
  const activeHit = hits[active];
  const status = !searching
    ? 'Type at least two characters.'
    : isError
      ? 'Search failed. Press Enter to search the catalogue.'
      : data
        ? hits.length === 0
          ? 'Nothing matches. Press Enter to search the whole catalogue.'
          : `${hits.length} results. Use the up and down arrows to choose one.`
        : 'Searching…';

  return (
    <form className="site-search" onSubmit={submit} aria-label="Search courses, paths and answers">
      <div className="ai-search-row">
        <input
          type="search"
          role="combobox"
          aria-label="Search courses, paths and answers"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeHit ? optionId(activeHit) : undefined}
          aria-describedby={statusId}
          value={text}
          maxLength={SEARCH_STRING_MAX_LENGTH}
          // biome-ignore lint/a11y/noAutofocus: the dropdown was opened to type in it
          autoFocus
          autoComplete="off"
          placeholder="Course, language, question"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
      <p id={statusId} className="muted small site-search-status" role="status" aria-busy={isFetching}>
        {status}
      </p>
      <div id={listId} role="listbox" aria-label="Search results" className="site-search-results">
        {GROUPS.map((group) => {
          const entries = searching && data ? data[group.key] : [];
          if (entries.length === 0) return null;
          const headingId = `${baseId}-${group.key}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not fieldsets
            <div key={group.key} role="group" aria-labelledby={headingId} className="site-search-group">
              <div id={headingId} role="presentation" className="site-search-group-title">
                {group.label}
              </div>
              {entries.map((hit) => (
                <div
                  key={hit.id}
                  id={optionId(hit)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={hit === activeHit}
                  className={`site-search-option${hit === activeHit ? ' is-active' : ''}`}
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => go(hit.href)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') go(hit.href);
                  }}
                >
                  <span className="site-search-option-title">{hit.title}</span>
                  {hit.detail ? <span className="muted small">{hit.detail}</span> : null}
                </div>
              ))}
            </div>
          );
        })}
      </div>
      {query ? (
        <p className="small site-search-more">
          <button
            type="button"
            className="link-button"
            onClick={() => go(`/explore?q=${encodeURIComponent(query)}`)}
          >
            All courses and paths for “{query}”
          </button>{' '}
          ·{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => go(`/answers?q=${encodeURIComponent(query)}`)}
          >
            All answers for “{query}”
          </button>
        </p>
      ) : null}
    </form>
  );
}

/** The default variant: one field, and a choice of where to search. */
export function SiteSearchForm({ onNavigate }: { onNavigate: () => void }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const go = (base: '/explore' | '/answers') => {
    const query = text.trim().slice(0, SEARCH_STRING_MAX_LENGTH);
    onNavigate();
    navigate(query ? `${base}?q=${encodeURIComponent(query)}` : base);
  };
  return (
    <form
      className="site-search"
      aria-label="Search courses and answers"
      onSubmit={(event) => {
        event.preventDefault();
        go('/explore');
      }}
    >
      <div className="ai-search-row">
        <input
          type="search"
          aria-label="What do you want to learn?"
          value={text}
          maxLength={SEARCH_STRING_MAX_LENGTH}
          // biome-ignore lint/a11y/noAutofocus: the dropdown was opened to type in it
          autoFocus
          placeholder="What do you want to learn?"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          Courses
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => go('/answers')}>
          Answers
        </button>
      </div>
    </form>
  );
}
