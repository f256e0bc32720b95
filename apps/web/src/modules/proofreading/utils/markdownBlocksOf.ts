import type { ReaderWidget } from '@coderoom/contracts';

/** The article's Markdown blocks in reading order (Columns included): what a proofreader suggests on. */
export function markdownBlocksOf(widgets: readonly ReaderWidget[]): Array<{ comp_id: string; text: string }> {
  const blocks: Array<{ comp_id: string; text: string }> = [];
  const visit = (list: readonly ReaderWidget[]) => {
    for (const widget of list) {
      if ('unsupported' in widget) continue;
      if (widget.type === 'MarkdownEditor')
        blocks.push({ comp_id: widget.comp_id, text: widget.content.text });
      if (widget.type === 'Columns') visit(widget.content.comps);
    }
  };
  visit(widgets);
  return blocks;
}
