import { parseSelectionId } from '@coderoom/contracts';

/**
 * Where a saved highlight sits in its block's text today: at its saved offsets while the text there still
 * reads as the quote, else at the first place the quote appears (the lesson was edited above it), else
 * nowhere (the quoted text is gone).
 */
export function resolveHighlightRange(
  blockText: string,
  selectionId: string,
  quote: string,
): { start: number; end: number } | null {
  const wanted = quote.trim();
  if (!wanted) return null;
  const saved = parseSelectionId(selectionId);
  if (saved && blockText.slice(saved.start, saved.end).trim() === wanted) return saved;
  const index = blockText.indexOf(wanted);
  return index < 0 ? null : { start: index, end: index + wanted.length };
}
