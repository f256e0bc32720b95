import type { WidgetOf } from '@coderoom/contracts';
import { TextAreaField } from './TextAreaField';

export function RichTextForm({
  widget,
  onChange,
}: {
  widget: WidgetOf<'SlateHTML'>;
  onChange: (widget: WidgetOf<'SlateHTML'>) => void;
}) {
  return (
    <TextAreaField
      label="Rich text (HTML)"
      hint="Basic HTML; scripts and unsafe attributes are removed when the page is saved."
      code
      rows={6}
      value={widget.content.html}
      onChange={(event) => onChange({ ...widget, content: { html: event.target.value } })}
    />
  );
}
