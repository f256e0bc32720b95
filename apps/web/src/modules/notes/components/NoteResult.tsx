import type { Note } from '@coderoom/contracts';
import { formatDate } from '@coderoom/domain';
import { Link } from 'react-router';

/** One note on the notes page: the quote, the learner's note, where it is, and a way back to it. */
export function NoteResult({ note }: { note: Note }) {
  return (
    <li className="card note-result">
      <blockquote>{note.quote}</blockquote>
      {note.comment && <p className="note-result-comment">{note.comment}</p>}
      <p className="muted small">
        <Link to={note.url}>{note.page_title || 'Lesson'}</Link>
        {note.work_title && <> · {note.work_title}</>} · {formatDate(new Date(note.updated_at))}
      </p>
    </li>
  );
}
