import type { Widget } from '@coderoom/contracts';
import { locateText, type TextEdit } from '@coderoom/domain';

// The prose of an article as proofreading sees it: the text of every Markdown block (in Columns too),
// keyed by comp_id, and the way suggestions are placed on it. Pure code, no database.

export function markdownBlocks(components: readonly unknown[]): Map<string, string> {
  const blocks = new Map<string, string>();
  const visit = (widgets: readonly Widget[]) => {
    for (const widget of widgets) {
      if (widget.type === 'MarkdownEditor') blocks.set(widget.comp_id, widget.content.text);
      if (widget.type === 'Columns') visit(widget.content.comps as Widget[]);
    }
  };
  visit(components as Widget[]);
  return blocks;
}

/** The widgets with some Markdown blocks' texts replaced (other widgets unchanged). */
export function withBlockTexts(components: readonly unknown[], texts: ReadonlyMap<string, string>): Widget[] {
  const rewrite = (widgets: readonly Widget[]): Widget[] =>
    widgets.map((widget) => {
      if (widget.type === 'MarkdownEditor') {
        const text = texts.get(widget.comp_id);
        return text === undefined ? widget : { ...widget, content: { text } };
      }
      if (widget.type === 'Columns') {
        return {
          ...widget,
          content: { comps: rewrite(widget.content.comps as Widget[]) as typeof widget.content.comps },
        };
      }
      return widget;
    });
  return rewrite(components as Widget[]);
}

/**
 * Where a suggestion applies in a block's current text: at its stored offset when the text there is
 * still the original, otherwise at the original's only occurrence (the author edited elsewhere in the
 * block); null when it is gone or ambiguous.
 */
export function placeSuggestion(text: string, edit: TextEdit): TextEdit | null {
  if (text.startsWith(edit.original, edit.offset)) return edit;
  const found = locateText(text, edit.original);
  return typeof found === 'number' ? { ...edit, offset: found } : null;
}

const CONTEXT_CHARS = 60;

/** Up to 60 characters either side of a placed edit, for the reviewer to read it in place. */
export function contextOf(text: string, edit: TextEdit | null): { before: string; after: string } {
  if (!edit) return { before: '', after: '' };
  return {
    before: text.slice(Math.max(0, edit.offset - CONTEXT_CHARS), edit.offset),
    after: text.slice(edit.offset + edit.original.length, edit.offset + edit.original.length + CONTEXT_CHARS),
  };
}
