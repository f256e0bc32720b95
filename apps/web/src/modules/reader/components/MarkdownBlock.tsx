import { renderMarkdown } from '@coderoom/domain';
import { useMemo } from 'react';

/** Author-written Markdown (course overviews); renderMarkdown escapes raw HTML, so the output is safe. */
export function MarkdownBlock({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(text).html, [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown produces escaped, allow-listed HTML
  return <div className={className ?? 'prose'} dangerouslySetInnerHTML={{ __html: html }} />;
}
