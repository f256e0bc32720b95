import { type CollectionCard, SEARCH_STRING_MAX } from '@coderoom/contracts';
import { countOf, levelLabel } from '@coderoom/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { useCourseSearch } from '../api/useCourseSearch';
import { COURSE_SEARCH_FIELD_ID } from '../utils/focusEditorField';

/** Finds published courses in the catalogue and adds them to the path. */
export function CourseSearchPanel({
  chosen,
  onAdd,
}: {
  chosen: ReadonlySet<number>;
  onAdd: (course: CollectionCard) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, refetch } = useCourseSearch(search, page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text.trim());
    setPage(1);
  };

  return (
    <section className="card section studio-course-search" aria-labelledby="studio-course-search-heading">
      <h2 id="studio-course-search-heading">Add courses</h2>
      <search>
        <form className="studio-search-row" onSubmit={submit}>
          <label className="visually-hidden" htmlFor={COURSE_SEARCH_FIELD_ID}>
            Search published courses
          </label>
          <input
            id={COURSE_SEARCH_FIELD_ID}
            type="search"
            value={text}
            maxLength={SEARCH_STRING_MAX}
            placeholder="Search published courses"
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      <div aria-busy={isFetching} aria-live="polite">
        {isPending ? (
          <p className="muted" role="status">
            Searching…
          </p>
        ) : isError ? (
          <div role="alert">
            <p>Could not search the catalogue.</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : data.items.length === 0 ? (
          <p className="muted">No published course matches “{search}”.</p>
        ) : (
          <ul className="studio-collection-list" aria-label="Search results">
            {data.items.map((course) => {
              const isChosen = chosen.has(course.collection_id);
              return (
                <li key={course.collection_id} className="studio-collection-row">
                  <div className="studio-collection-main">
                    <span className="studio-collection-title">{course.title}</span>
                    <span className="small muted">
                      {countOf(course.lesson_count, 'lesson')} · {levelLabel(course.difficulty)} · by{' '}
                      {course.author_name}
                    </span>
                  </div>
                  <Button
                    variant="secondary"
                    className="studio-small-btn"
                    disabled={isChosen}
                    aria-label={isChosen ? `${course.title} is in the path` : `Add ${course.title}`}
                    onClick={() => onAdd(course)}
                  >
                    {isChosen ? 'Added' : 'Add'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {data && pages > 1 && (
        <nav className="studio-pager" aria-label="Search result pages">
          <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="small muted">
            Page {page} of {pages}
          </span>
          <Button variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}
