import type { WidgetOf } from '@coderoom/contracts';
import { useContext, useRef } from 'react';
import { ImageUploadTargetContext } from '../state/ImageUploadTargetContext';
import { ImageUploadButton } from './ImageUploadButton';
import { TextAreaField } from './TextAreaField';

export function MarkdownForm({
  widget,
  onChange,
}: {
  widget: WidgetOf<'MarkdownEditor'>;
  onChange: (widget: WidgetOf<'MarkdownEditor'>) => void;
}) {
  const uploadTarget = useContext(ImageUploadTargetContext);
  // Where the caret was last, so an uploaded image lands there even after focus moved to the button.
  const caret = useRef<number | null>(null);
  const text = widget.content.text;

  // mdHtml is rendered by the server on save; a stale copy must not outlive the edit.
  const setText = (next: string) => onChange({ ...widget, content: { text: next } });

  const insertImage = (markdown: string) => {
    const at = Math.min(caret.current ?? text.length, text.length);
    const before = text.slice(0, at);
    const after = text.slice(at);
    // An image on a line of its own renders as a figure.
    const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
    const inserted = `${lead}${markdown}${trail}`;
    caret.current = at + inserted.length;
    setText(`${before}${inserted}${after}`);
  };

  return (
    <div className="studio-markdown-form">
      <TextAreaField
        label="Markdown"
        rows={6}
        value={text}
        placeholder="Write with Markdown: # headings, **bold**, `code`, lists…"
        onSelect={(event) => {
          caret.current = event.currentTarget.selectionEnd;
        }}
        onChange={(event) => {
          caret.current = event.target.selectionEnd;
          setText(event.target.value);
        }}
      />
      {uploadTarget && <ImageUploadButton target={uploadTarget} onUploaded={insertImage} />}
    </div>
  );
}
