import { COMMENT_TEXT_MAX_LENGTH } from '@coderoom/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextAreaField } from './TextAreaField';

interface CommentTextFormProps {
  label: string;
  submitLabel: string;
  initialText?: string;
  busy: boolean;
  /** Resolves true when the text was stored, so the form can clear itself. */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}

/** The text box of a new comment, a reply, or an edit of either. */
export function CommentTextForm({
  label,
  submitLabel,
  initialText = '',
  busy,
  onSubmit,
  onCancel,
}: CommentTextFormProps) {
  const [text, setText] = useState(initialText);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    if (await onSubmit(text)) setText('');
  };
  return (
    <form className="studio-comment-form" onSubmit={(event) => void submit(event)}>
      <TextAreaField
        label={label}
        rows={2}
        value={text}
        maxLength={COMMENT_TEXT_MAX_LENGTH}
        placeholder="Markdown is fine"
        onChange={(event) => setText(event.target.value)}
      />
      <div className="studio-comment-form-actions">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="secondary" busy={busy} disabled={text.trim() === ''}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
