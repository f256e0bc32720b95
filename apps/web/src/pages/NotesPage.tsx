import '../modules/notes/notes.css';
import { SEARCH_STRING_MAX_LENGTH } from '@coderoom/domain';
import { useEffect, useId, useState } from 'react';
import { useNotesSearch } from '../modules/notes/api/useNotesSearch';
import { useWorksWithNotes } from '../modules/notes/api/useWorksWithNotes';
import { NoteResult } from '../modules/notes/components/NoteResult';
import { RequireUser } from '../modules/session/components/RequireUser';
import { usePageTitle } from '../modules/shell/usePageTitle';
import { Button } from '../ui/Button';
import { FormMessage } from '../ui/FormMessage';
import { PageLoading } from '../ui/PageLoading';

const SEARCH_DEBOUNCE_MS = 300;

function Notes() {
  usePageTitle('Notes and highlights');
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [searchString, setSearchString] = useState('');
  const [workId, setWorkId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const works = useWorksWithNotes();
  const results = useNotesSearch(searchString, workId, page);

  // Search as the learner types, once they pause.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearchString(typed.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const chooseWork = (id: number | null) => {
    setWorkId(id);
    setPage(1);
  };
  const data = results.data;
  const hasNoNotes = works.data !== undefined && works.data.length === 0;

  return (
    <main id="main" className="page page-wide">
      <header className="page-header">
        <h1>Notes and highlights</h1>
        <p className="muted">Everything you highlighted or noted in lessons, searchable in one place.</p>
      </header>

      {hasNoNotes ? (
        <section className="empty-state card">
          <h2>No notes yet</h2>
          <p className="muted">
            Select text in a lesson and choose <strong>Highlight</strong> or <strong>Add note</strong>. Your
            highlights and notes will be collected here.
          </p>
        </section>
      ) : (
        <div className="notes-layout">
          <aside aria-labelledby="notes-works-heading">
            <h2 id="notes-works-heading" className="small muted">
              Courses
            </h2>
            {works.isPending ? (
              <PageLoading label="Loading courses" />
            ) : (
              <ul className="notes-works">
                <li>
                  <button
                    type="button"
                    className="notes-work"
                    aria-pressed={workId === null}
                    onClick={() => chooseWork(null)}
                  >
                    <span>All notes</span>
                  </button>
                </li>
                {works.data?.map((work) => (
                  <li key={work.work_id}>
                    <button
                      type="button"
                      className="notes-work"
                      aria-pressed={workId === work.work_id}
                      onClick={() => chooseWork(work.work_id)}
                    >
                      <span>{work.work_title || 'Untitled course'}</span>
                      <span className="muted small">
                        {work.notes_count}
                        <span className="visually-hidden"> notes</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </aside>

          <section aria-label="Notes">
            <search>
              <form
                className="notes-search"
                onSubmit={(event) => {
                  event.preventDefault();
                  setSearchString(typed.trim());
                  setPage(1);
                }}
              >
                <div className="field">
                  <label htmlFor={searchId}>Search your notes</label>
                  <input
                    id={searchId}
                    type="search"
                    value={typed}
                    maxLength={SEARCH_STRING_MAX_LENGTH}
                    onChange={(event) => setTyped(event.target.value)}
                    placeholder="Words from the highlighted text or your note"
                  />
                </div>
                <Button type="submit" variant="secondary">
                  Search
                </Button>
              </form>
            </search>

            {results.error && <FormMessage tone="error">{results.error.message}</FormMessage>}
            {results.isPending ? (
              <PageLoading label="Loading notes" />
            ) : data && data.notes.length === 0 ? (
              <div className="empty-state">
                <p className="muted">
                  {searchString ? `No notes match “${searchString}”.` : 'No notes in this course yet.'}
                </p>
              </div>
            ) : data ? (
              <>
                <p className="muted small" aria-live="polite">
                  {data.total === 1 ? '1 note' : `${data.total} notes`}
                  {searchString ? ` matching “${searchString}”` : ''}
                </p>
                <ul className="notes-results" aria-busy={results.isPlaceholderData || undefined}>
                  {data.notes.map((note) => (
                    <NoteResult key={note.id} note={note} />
                  ))}
                </ul>
                {data.total_pages > 1 && (
                  <nav className="notes-pagination" aria-label="Pages of notes">
                    <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      Previous
                    </Button>
                    <span>
                      Page {data.page} of {data.total_pages}
                    </span>
                    <Button
                      variant="secondary"
                      disabled={page >= data.total_pages}
                      onClick={() => setPage(page + 1)}
                    >
                      Next
                    </Button>
                  </nav>
                )}
              </>
            ) : null}
          </section>
        </div>
      )}
    </main>
  );
}

export function NotesPage() {
  return (
    <RequireUser>
      <Notes />
    </RequireUser>
  );
}
