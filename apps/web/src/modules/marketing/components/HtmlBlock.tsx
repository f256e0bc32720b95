import type { EditorPageWidgetOf } from '@coderoom/contracts';

/** HTML as the server stored it: sanitised on save (platform/html/sanitizeRichHtml.ts). */
export function HtmlBlock({
  widget,
}: {
  widget: EditorPageWidgetOf<'Html'> | EditorPageWidgetOf<'SlateHTML'>;
}) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server before it was stored
  return <div className="mk-block md-content" dangerouslySetInnerHTML={{ __html: widget.content.html }} />;
}
