import type { ReactNode } from 'react';
import { MarkdownText } from '../../widgets/components/MarkdownText';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface CommentEntryProps {
  authorName: string;
  created: string;
  isModified: boolean;
  text: string;
  /** Shown in place of the text while it is being edited. */
  editor?: ReactNode;
  actions?: ReactNode;
}

/** One comment or reply: who wrote it, when, whether it was edited, and its Markdown text. */
export function CommentEntry({ authorName, created, isModified, text, editor, actions }: CommentEntryProps) {
  return (
    <div className="studio-comment-entry">
      <p className="studio-comment-meta small">
        <strong>{authorName}</strong>{' '}
        <time className="muted" dateTime={created}>
          {timeFormat.format(new Date(created))}
        </time>
        {isModified && <span className="muted"> · edited</span>}
      </p>
      {/* Callers pass `false` when nothing is being edited. */}
      {editor || <MarkdownText className="studio-comment-text" text={text} />}
      {!editor && actions && <div className="studio-comment-actions">{actions}</div>}
    </div>
  );
}
