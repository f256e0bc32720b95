import type { Note } from '@coderoom/contracts';
import { formatDate } from '@coderoom/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormMessage } from '../../../ui/FormMessage';
import { useDeleteNote } from '../api/useDeleteNote';
import { useUpdateNote } from '../api/useUpdateNote';
import { NoteEditorDialog } from './NoteEditorDialog';

/**
 * One note on the notes page: the quote, the learner's note, where it is, a way back to it, and the
 * note's own edit and delete (the edit sends its eTag, so a change from another tab is not lost).
 */
export function NoteResult({ note }: { note: Note }) {
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const where = note.page_title || 'Lesson';
  const editLabel = note.comment ? 'Edit note' : 'Add note';

  return (
    <li className="card note-result">
      <blockquote>{note.quote}</blockquote>
      {note.comment && <p className="note-result-comment">{note.comment}</p>}
      <p className="muted small">
        <Link to={note.url}>{where}</Link>
        {note.work_title && <> · {note.work_title}</>} · {formatDate(new Date(note.updated_at))}
      </p>
      <div className="note-result-actions">
        <Button
          variant="secondary"
          onClick={() => setEditing(true)}
          aria-label={`${editLabel} on “${where}”`}
        >
          {editLabel}
        </Button>
        <Button
          variant="ghost"
          onClick={() => setConfirming(true)}
          aria-label={`Delete highlight on “${where}”`}
        >
          Delete
        </Button>
      </div>
      {remove.error && <FormMessage tone="error">{remove.error.message}</FormMessage>}
      {editing && (
        <NoteEditorDialog
          title={note.comment ? 'Edit note' : 'Add a note'}
          quote={note.quote}
          initialComment={note.comment}
          busy={update.isPending}
          error={update.error?.message ?? null}
          onSave={(comment) =>
            update.mutate({ id: note.id, comment, etag: note.etag }, { onSuccess: () => setEditing(false) })
          }
          onClose={() => {
            update.reset();
            setEditing(false);
          }}
        />
      )}
      {confirming && (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(false);
          }}
          title="Delete this highlight?"
          description="The highlight and its note are removed from the lesson and from your notes."
        >
          <div className="dialog-actions">
            <Button variant="secondary" disabled={remove.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() => remove.mutate(note.id, { onSettled: () => setConfirming(false) })}
            >
              Delete highlight
            </Button>
          </div>
        </Dialog>
      )}
    </li>
  );
}
