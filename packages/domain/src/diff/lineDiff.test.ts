import { describe, expect, it } from 'vitest';
import { diffLines, diffSequences, LINE_DIFF_MAX_CELLS, splitLines } from './lineDiff.js';

/** The diff in unified style: ' a', '-b', '+c'. */
function unified(before: string, after: string): string[] {
  return diffLines(before, after).lines.map(
    (line) => `${line.change === 'equal' ? ' ' : line.change === 'added' ? '+' : '-'}${line.text}`,
  );
}

describe('splitLines', () => {
  it('has no lines for an empty text and ignores one final newline', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\n')).toEqual(['a']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('a\r\nb\rc')).toEqual(['a', 'b', 'c']);
  });
});

describe('diffLines', () => {
  it('reports identical texts as unchanged lines only', () => {
    const diff = diffLines('a\nb', 'a\nb');
    expect(diff).toMatchObject({ added: 0, removed: 0 });
    expect(diff.lines).toEqual([
      { change: 'equal', text: 'a', old_line: 1, new_line: 1 },
      { change: 'equal', text: 'b', old_line: 2, new_line: 2 },
    ]);
  });

  it('shows a changed line as removed then added, between unchanged ones', () => {
    expect(unified('one\ntwo\nthree', 'one\n2\nthree')).toEqual([' one', '-two', '+2', ' three']);
    expect(diffLines('one\ntwo\nthree', 'one\n2\nthree')).toMatchObject({ added: 1, removed: 1 });
  });

  it('finds the longest common subsequence in the middle', () => {
    expect(unified('a\nb\nc\nd\ne', 'a\nc\nx\nd\ne\nf')).toEqual([' a', '-b', ' c', '+x', ' d', ' e', '+f']);
  });

  it('numbers lines in both texts', () => {
    const lines = diffLines('keep\nold\nend', 'new\nkeep\nend').lines;
    expect(lines).toEqual([
      { change: 'added', text: 'new', new_line: 1 },
      { change: 'equal', text: 'keep', old_line: 1, new_line: 2 },
      { change: 'removed', text: 'old', old_line: 2 },
      { change: 'equal', text: 'end', old_line: 3, new_line: 3 },
    ]);
  });

  it('handles an empty side', () => {
    expect(unified('', 'a\nb')).toEqual(['+a', '+b']);
    expect(unified('a\nb', '')).toEqual(['-a', '-b']);
    expect(diffLines('', '').lines).toEqual([]);
  });

  it('keeps duplicate lines apart', () => {
    expect(unified('x\nx\nx', 'x\nx')).toEqual([' x', ' x', '-x']);
  });

  it('gives up aligning very large middles and shows them replaced', () => {
    const size = Math.ceil(Math.sqrt(LINE_DIFF_MAX_CELLS)) + 1;
    const before = Array.from({ length: size }, (_, index) => `a${index}`);
    const after = Array.from({ length: size }, (_, index) => `a${index + 1}`);
    const diff = diffSequences(before, after);
    expect(diff.removed).toBe(size);
    expect(diff.added).toBe(size);
    // Small edits in a long text still align: the common head and tail are trimmed first.
    const long = Array.from({ length: 50_000 }, (_, index) => `line ${index}`);
    const edited = [...long];
    edited[25_000] = 'changed';
    expect(diffSequences(long, edited)).toMatchObject({ added: 1, removed: 1 });
  });
});
