import type { WidgetOf } from '@coderoom/contracts';

/** SlateHTML content; the server sanitises it (sanitizeRichHtml) before it is stored. */
export function RichTextWidget({ widget }: { widget: WidgetOf<'SlateHTML'> }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before storage
  return <div className="md-content rich-text" dangerouslySetInnerHTML={{ __html: widget.content.html }} />;
}
