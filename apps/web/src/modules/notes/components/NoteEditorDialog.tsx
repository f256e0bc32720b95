import { NOTE_COMMENT_MAX_LENGTH } from '@coderoom/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormMessage } from '../../../ui/FormMessage';

interface NoteEditorDialogProps {
  title: string;
  quote: string;
  initialComment: string;
  busy: boolean;
  error: string | null;
  onSave: (comment: string) => void;
  /** Offered for saved highlights only. */
  onDelete?: () => void;
  onClose: () => void;
}

/** Writes or edits the note of a highlight; the quoted text is shown for context. */
export function NoteEditorDialog({
  title,
  quote,
  initialComment,
  busy,
  error,
  onSave,
  onDelete,
  onClose,
}: NoteEditorDialogProps) {
  const [comment, setComment] = useState(initialComment);
  const fieldId = useId();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={<span className="note-editor-quote">“{quote}”</span>}
    >
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(comment);
        }}
      >
        <div className="field">
          <label htmlFor={fieldId}>Note</label>
          <textarea
            id={fieldId}
            className="note-editor-text"
            rows={5}
            maxLength={NOTE_COMMENT_MAX_LENGTH}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            placeholder="What do you want to remember about this?"
          />
        </div>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="dialog-actions">
          {onDelete && (
            <Button variant="danger" disabled={busy} onClick={onDelete}>
              Delete highlight
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save note
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
