import type { WidgetOf } from '@coderoom/contracts';
import { renderMarkdown } from '@coderoom/domain';
import { useMemo } from 'react';

/** Lesson prose. The server renders mdHtml on save; older content without it is rendered here, the same way. */
export function MarkdownWidget({ widget }: { widget: WidgetOf<'MarkdownEditor'> }) {
  const { text, mdHtml } = widget.content;
  const html = useMemo(() => mdHtml ?? renderMarkdown(text).html, [mdHtml, text]);
  // Each block's data-md-child-id, under WidgetView's data-comp-id, is what notes and highlights anchor on.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: produced by renderMarkdown, which escapes raw HTML
  return <div className="md-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
