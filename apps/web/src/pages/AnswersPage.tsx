import '../modules/reader/reader.css';
import '../modules/answers/answers.css';
import { countOf, SEARCH_STRING_MAX_LENGTH } from '@coderoom/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAnswerList } from '../modules/answers/api/answersApi';
import { AnswerCard } from '../modules/answers/components/AnswerCard';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { Pager } from '../ui/Pager';

const TOPICS = ['Python', 'JavaScript', 'TypeScript', 'Go', 'Rust', 'C++'] as const;

/**
 * /answers: short answers to programming questions. The search string, topic, tag, sort and page live in
 * the URL; links between /answers pages carry the search string (spec 000 §2), leaving resets it.
 */
export function AnswersPage() {
  const [params, setParams] = useSearchParams();
  const searchString = params.get('q') ?? '';
  const [draft, setDraft] = useState(searchString);
  const searchId = useId();
  const sortId = useId();
  usePageTitle('Answers');
  useEffect(() => setDraft(searchString), [searchString]);

  const query = new URLSearchParams();
  if (searchString) query.set('search_string', searchString.slice(0, SEARCH_STRING_MAX_LENGTH));
  for (const key of ['topic', 'tag', 'sort', 'page'] as const) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const { data, isPending, isError, isFetching, refetch } = useAnswerList(query);

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
    update({ q: draft.trim().slice(0, SEARCH_STRING_MAX_LENGTH) || null });
  };
  const tagHref = (tag: string | null) => {
    const next = new URLSearchParams(params);
    if (tag) next.set('tag', tag);
    else next.delete('tag');
    next.delete('page');
    const text = next.toString();
    return text ? `/answers?${text}` : '/answers';
  };
  const page = data?.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const activeTag = params.get('tag');
  const topic = params.get('topic') ?? '';

  return (
    <main id="main" className="page answers-page">
      <header className="page-header">
        <h1>Answers</h1>
        <p className="muted">Short, runnable answers to everyday programming questions.</p>
        <search>
          <form className="search-form" onSubmit={submit}>
            <label htmlFor={searchId} className="visually-hidden">
              Search answers
            </label>
            <input
              id={searchId}
              type="search"
              placeholder="Search answers"
              value={draft}
              maxLength={SEARCH_STRING_MAX_LENGTH}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit">Search</Button>
          </form>
        </search>
        <p>
          <Link to="/create-answer">Write an answer</Link>
        </p>
      </header>
      <div className="answers-layout">
        <aside className="answers-filters" aria-label="Filters">
          <fieldset>
            <legend>Language</legend>
            <label>
              <input
                type="radio"
                name="answer-topic"
                checked={topic === ''}
                onChange={() => update({ topic: null })}
              />{' '}
              All languages
            </label>
            {TOPICS.map((entry) => (
              <label key={entry}>
                <input
                  type="radio"
                  name="answer-topic"
                  checked={topic === entry}
                  onChange={() => update({ topic: entry })}
                />{' '}
                {entry}
              </label>
            ))}
          </fieldset>
          {data && data.tags.length > 0 ? (
            <nav aria-labelledby="answer-tags-heading">
              <h2 id="answer-tags-heading">Topics</h2>
              <ul className="answers-tag-list">
                {activeTag ? (
                  <li>
                    <Link to={tagHref(null)}>All topics</Link>
                  </li>
                ) : null}
                {data.tags.map((entry) => (
                  <li key={entry.tag}>
                    <Link
                      className="badge"
                      to={tagHref(entry.tag)}
                      aria-current={activeTag === entry.tag ? 'true' : undefined}
                    >
                      {entry.tag} ({entry.count})
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </aside>
        <section aria-labelledby="answer-results-heading" aria-busy={isFetching}>
          <h2 id="answer-results-heading" className="visually-hidden">
            Results
          </h2>
          {isPending ? (
            <p className="muted" role="status">
              Loading answers…
            </p>
          ) : isError ? (
            <div className="card empty-state" role="alert">
              <p>The answers could not be loaded.</p>
              <Button onClick={() => refetch()}>Try again</Button>
            </div>
          ) : data.items.length === 0 ? (
            <div className="card empty-state">
              <h3>No answers match</h3>
              <p className="muted">
                Try fewer words or another language. <Link to="/answers">Show every answer</Link>
              </p>
            </div>
          ) : (
            <>
              <div className="explore-results-bar">
                <p className="muted" role="status">
                  {countOf(data.total, 'answer')}
                  {searchString ? ` for “${searchString}”` : ''}
                  {activeTag ? ` tagged ${activeTag}` : ''}
                </p>
                <label htmlFor={sortId}>
                  Sort by{' '}
                  <select
                    id={sortId}
                    value={params.get('sort') ?? 'newest'}
                    onChange={(event) =>
                      update({ sort: event.target.value === 'newest' ? null : event.target.value })
                    }
                  >
                    <option value="newest">Newest</option>
                    <option value="most_liked">Most liked</option>
                  </select>
                </label>
              </div>
              <ul className="answer-list">
                {data.items.map((card) => (
                  <li key={card.shotId}>
                    <AnswerCard card={card} />
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
