import { renderMarkdown } from '@coderoom/domain';
import { useMemo } from 'react';

const SINGLE_PARAGRAPH = /^<p data-md-child-id="0">([\s\S]*)<\/p>$/;

/**
 * Short Markdown (quiz text, captions, prompts) rendered in the browser. renderMarkdown escapes raw
 * HTML and unsafe links, so its output may be inserted as is. `inline` drops a lone paragraph's <p>,
 * for places where only phrasing content is allowed (labels, buttons).
 */
export function MarkdownText({
  text,
  inline = false,
  className,
}: {
  text: string;
  inline?: boolean;
  className?: string;
}) {
  const html = useMemo(() => renderMarkdown(text).html, [text]);
  const single = inline ? SINGLE_PARAGRAPH.exec(html) : null;
  if (single) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown output is escaped and link-checked
    return <span className={className} dangerouslySetInnerHTML={{ __html: single[1] ?? '' }} />;
  }
  const classes = ['md-content', className].filter(Boolean).join(' ');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown output is escaped and link-checked
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
