import { describe, expect, it } from 'vitest';
import { resolveHighlightRange } from './resolveHighlightRange';

describe('resolveHighlightRange', () => {
  const text = 'Recursion is a function calling itself.';

  it('keeps the saved offsets while the text there is the quote', () => {
    expect(resolveHighlightRange(text, '15-23', 'function')).toEqual({ start: 15, end: 23 });
  });

  it('accepts surrounding whitespace in the saved range', () => {
    expect(resolveHighlightRange(text, '14-24', 'function')).toEqual({ start: 14, end: 24 });
  });

  it('finds the quote again after the text before it changed', () => {
    const edited = `Simply put: ${text}`;
    expect(resolveHighlightRange(edited, '15-23', 'function')).toEqual({ start: 27, end: 35 });
  });

  it('gives up when the quote is gone', () => {
    expect(resolveHighlightRange('Loops repeat.', '15-23', 'function')).toBeNull();
    expect(resolveHighlightRange(text, '0-3', '   ')).toBeNull();
  });
});
