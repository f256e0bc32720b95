import { type Note, QUOTE_MAX_LENGTH } from '@coderoom/contracts';
import { resolveHighlightRange } from './resolveHighlightRange';

// DOM work of notes and highlights. A highlight is anchored on a Markdown block (data-md-child-id) inside a
// widget root (data-comp-id, whose id is the comp_id); offsets count characters of the block's textContent,
// which the <mark> wrappers drawn here never change.

const BLOCK_SELECTOR = '[data-md-child-id]';
const MARK_SELECTOR = 'mark[data-note-id]';

export interface HighlightAnchor {
  widgetId: string;
  mdChildId: string;
  start: number;
  end: number;
  quote: string;
}

function elementOf(node: Node): Element | null {
  return node instanceof Element ? node : node.parentElement;
}

export function blockOf(node: Node): HTMLElement | null {
  return elementOf(node)?.closest<HTMLElement>(BLOCK_SELECTOR) ?? null;
}

/** The comp_id of the innermost widget holding the block (Columns nest widgets). */
export function widgetIdOf(block: HTMLElement): string | null {
  const root = block.closest<HTMLElement>('[data-comp-id]');
  if (root?.dataset.compId) return root.dataset.compId;
  return block.parentElement?.closest<HTMLElement>('[id]')?.id || null;
}

/** Characters of `block`'s text before (node, offset). */
function textOffset(block: HTMLElement, node: Node, offset: number): number {
  const before = document.createRange();
  before.selectNodeContents(block);
  before.setEnd(node, offset);
  return before.toString().length;
}

/** The selection as a highlight anchor, when it lies within one block of one widget inside `container`. */
export function selectionAnchor(container: HTMLElement, selection: Selection | null): HighlightAnchor | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const block = blockOf(range.startContainer);
  if (!block || block !== blockOf(range.endContainer) || !container.contains(block)) return null;
  const widgetId = widgetIdOf(block);
  const mdChildId = block.dataset.mdChildId;
  if (!widgetId || !mdChildId) return null;
  const start = textOffset(block, range.startContainer, range.startOffset);
  const end = textOffset(block, range.endContainer, range.endOffset);
  const quote = range.toString();
  if (end <= start || !quote.trim() || quote.length > QUOTE_MAX_LENGTH) return null;
  return { widgetId, mdChildId, start, end, quote };
}

function wrapRange(block: HTMLElement, start: number, end: number, note: Note): void {
  const segments: Array<{ node: Text; from: number; to: number }> = [];
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  let position = 0;
  for (let node = walker.nextNode(); node && position < end; node = walker.nextNode()) {
    const text = node as Text;
    const from = Math.max(start - position, 0);
    const to = Math.min(end - position, text.data.length);
    if (from < to && text.data.slice(from, to).trim()) segments.push({ node: text, from, to });
    position += text.data.length;
  }
  segments.forEach(({ node, from, to }, index) => {
    let middle = node;
    if (from > 0) middle = middle.splitText(from);
    if (to - from < middle.data.length) middle.splitText(to - from);
    const mark = document.createElement('mark');
    mark.className = note.comment ? 'note-mark note-mark-commented' : 'note-mark';
    mark.dataset.noteId = String(note.id);
    if (note.comment) mark.title = note.comment;
    if (index === 0) {
      // One stop per highlight for keyboard users, however many pieces it is drawn in.
      mark.tabIndex = 0;
      mark.setAttribute('role', 'button');
      mark.setAttribute('aria-haspopup', 'dialog');
      mark.setAttribute(
        'aria-label',
        `Highlight: ${note.quote}${note.comment ? `. Note: ${note.comment}` : ''}. Press Enter to edit.`,
      );
    }
    middle.replaceWith(mark);
    mark.append(middle);
  });
}

export function clearHighlights(container: HTMLElement): void {
  const parents = new Set<Node>();
  for (const mark of container.querySelectorAll(MARK_SELECTOR)) {
    const parent = mark.parentNode;
    if (!parent) continue;
    mark.replaceWith(...mark.childNodes);
    parents.add(parent);
  }
  for (const parent of parents) parent.normalize();
}

/** Draws each note as <mark> elements; notes whose text is no longer in the lesson are skipped. */
export function drawHighlights(container: HTMLElement, notes: readonly Note[]): void {
  const blocks = new Map<string, HTMLElement>();
  for (const block of container.querySelectorAll<HTMLElement>(BLOCK_SELECTOR)) {
    const key = `${widgetIdOf(block)}\u0000${block.dataset.mdChildId}`;
    if (!blocks.has(key)) blocks.set(key, block);
  }
  for (const note of notes) {
    const block = blocks.get(`${note.widget_id}\u0000${note.md_child_id}`);
    if (!block) continue;
    const range = resolveHighlightRange(block.textContent ?? '', note.selection_id, note.quote);
    if (range) wrapRange(block, range.start, range.end, note);
  }
}

/** True when a DOM change may have replaced highlighted text (not our own marks, not other widgets). */
export function touchesBlocks(mutations: readonly MutationRecord[]): boolean {
  return mutations.some((mutation) => {
    if (blockOf(mutation.target)) return true;
    return [...mutation.addedNodes, ...mutation.removedNodes].some(
      (node) =>
        node instanceof Element && (node.matches(BLOCK_SELECTOR) || node.querySelector(BLOCK_SELECTOR)),
    );
  });
}

export function noteIdOf(target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const mark = target.closest<HTMLElement>(MARK_SELECTOR);
  return mark ? Number(mark.dataset.noteId) : null;
}
