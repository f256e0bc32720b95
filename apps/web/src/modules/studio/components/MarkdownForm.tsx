import type { WidgetOf } from '@coderoom/contracts';
import { lazy, Suspense, useContext, useRef } from 'react';
import { CollabContext } from '../state/CollabContext';
import { ImageUploadTargetContext } from '../state/ImageUploadTargetContext';
import { ImageUploadButton } from './ImageUploadButton';
import { TextAreaField } from './TextAreaField';

const CollaborativeTextField = lazy(() =>
  import('../../collab/components/CollaborativeTextField').then((module) => ({
    default: module.CollaborativeTextField,
  })),
);

const PLACEHOLDER = 'Write with Markdown: # headings, **bold**, `code`, lists…';

/** Places an image on a line of its own (it renders as a figure) at `at` in `text`. */
function imageInsertion(text: string, at: number, markdown: string): string {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  return `${lead}${markdown}${trail}`;
}

export function MarkdownForm({
  widget,
  onChange,
}: {
  widget: WidgetOf<'MarkdownEditor'>;
  onChange: (widget: WidgetOf<'MarkdownEditor'>) => void;
}) {
  const uploadTarget = useContext(ImageUploadTargetContext);
  const collab = useContext(CollabContext);
  // Where the caret was last, so an uploaded image lands there even after focus moved to the button.
  const caret = useRef<number | null>(null);
  const text = widget.content.text;

  // mdHtml is rendered by the server on save; a stale copy must not outlive the edit.
  const setText = (next: string) => onChange({ ...widget, content: { text: next } });

  const insertImage = (markdown: string) => {
    const shared = collab?.session.shared('markdown').get(widget.comp_id);
    if (shared) {
      // Live document: appended as a merge-able edit, so nobody's concurrent typing is replaced.
      shared.insert(shared.length, imageInsertion(shared.toString(), shared.length, markdown));
      return;
    }
    const at = Math.min(caret.current ?? text.length, text.length);
    const inserted = imageInsertion(text, at, markdown);
    caret.current = at + inserted.length;
    setText(`${text.slice(0, at)}${inserted}${text.slice(at)}`);
  };

  return (
    <div className="studio-markdown-form">
      {collab ? (
        <Suspense fallback={<p className="small muted">Loading the live editor…</p>}>
          <CollaborativeTextField
            session={collab.session}
            map="markdown"
            compId={widget.comp_id}
            initialText={text}
            label="Markdown"
            placeholder={PLACEHOLDER}
            onText={(next) => collab.onText('markdown', widget.comp_id, next)}
          />
        </Suspense>
      ) : (
        <TextAreaField
          label="Markdown"
          rows={6}
          value={text}
          placeholder={PLACEHOLDER}
          onSelect={(event) => {
            caret.current = event.currentTarget.selectionEnd;
          }}
          onChange={(event) => {
            caret.current = event.target.selectionEnd;
            setText(event.target.value);
          }}
        />
      )}
      {uploadTarget && <ImageUploadButton target={uploadTarget} onUploaded={insertImage} />}
    </div>
  );
}
