import type { WidgetOf } from '@coderoom/contracts';
import { TextAreaField } from './TextAreaField';

export function MarkdownForm({
  widget,
  onChange,
}: {
  widget: WidgetOf<'MarkdownEditor'>;
  onChange: (widget: WidgetOf<'MarkdownEditor'>) => void;
}) {
  return (
    <TextAreaField
      label="Markdown"
      rows={6}
      value={widget.content.text}
      placeholder="Write with Markdown: # headings, **bold**, `code`, lists…"
      // mdHtml is rendered by the server on save; a stale copy must not outlive the edit.
      onChange={(event) => onChange({ ...widget, content: { text: event.target.value } })}
    />
  );
}
