// A line diff for the studio's version history: what changed between a saved or published state of
// a page and its current draft. Longest common subsequence over lines, after trimming the common head
// and tail (most edits touch a few lines of a long text, so the table stays small).

export type LineChange = 'equal' | 'added' | 'removed';

export interface DiffLine {
  change: LineChange;
  text: string;
  /** 1-based line number in the old text (equal and removed lines). */
  old_line?: number;
  /** 1-based line number in the new text (equal and added lines). */
  new_line?: number;
}

export interface LineDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
}

/**
 * Above this many table cells (old lines × new lines, after trimming) the middle is shown as removed
 * then added instead of aligned: an exact LCS would cost too much memory for a display aid.
 */
export const LINE_DIFF_MAX_CELLS = 4_000_000;

/** Lines of a text; an empty text has none, and a final newline does not make an empty last line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The lines that turn `before` into `after`, in order: unchanged, removed and added ones. */
export function diffLines(before: string, after: string): LineDiff {
  return diffSequences(splitLines(before), splitLines(after));
}

/** The same diff over any two lists of strings (lines, or the comp_ids of a page in order). */
export function diffSequences(oldLines: readonly string[], newLines: readonly string[]): LineDiff {
  const lines: DiffLine[] = [];
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) {
    lines.push({ change: 'equal', text: oldLines[head] as string, old_line: head + 1, new_line: head + 1 });
    head += 1;
  }
  let tail = 0;
  while (
    tail < oldLines.length - head &&
    tail < newLines.length - head &&
    oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]
  ) {
    tail += 1;
  }
  const oldMiddle = oldLines.slice(head, oldLines.length - tail);
  const newMiddle = newLines.slice(head, newLines.length - tail);
  for (const line of diffMiddle(oldMiddle, newMiddle)) {
    lines.push({
      ...line,
      ...(line.old_line === undefined ? {} : { old_line: line.old_line + head }),
      ...(line.new_line === undefined ? {} : { new_line: line.new_line + head }),
    });
  }
  for (let index = tail; index > 0; index -= 1) {
    const oldIndex = oldLines.length - index;
    const newIndex = newLines.length - index;
    lines.push({
      change: 'equal',
      text: oldLines[oldIndex] as string,
      old_line: oldIndex + 1,
      new_line: newIndex + 1,
    });
  }
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.change === 'added') added += 1;
    else if (line.change === 'removed') removed += 1;
  }
  return { lines, added, removed };
}

/** LCS alignment of two line lists; line numbers are 1-based within the lists given. */
function diffMiddle(oldLines: readonly string[], newLines: readonly string[]): DiffLine[] {
  const n = oldLines.length;
  const m = newLines.length;
  const removedAll = oldLines.map(
    (text, index): DiffLine => ({ change: 'removed', text, old_line: index + 1 }),
  );
  const addedAll = newLines.map((text, index): DiffLine => ({ change: 'added', text, new_line: index + 1 }));
  if (n === 0 || m === 0 || n * m > LINE_DIFF_MAX_CELLS) return [...removedAll, ...addedAll];

  // lengths[i * (m + 1) + j] = LCS length of oldLines[i..] and newLines[j..].
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        oldLines[i] === newLines[j]
          ? (lengths[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * width + j] as number, lengths[i * width + j + 1] as number);
    }
  }

  // Walk forwards; on a tie prefer removing first, so a replaced block reads as "-old" then "+new".
  const result: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (oldLines[i] === newLines[j]) {
      result.push({ change: 'equal', text: oldLines[i] as string, old_line: i + 1, new_line: j + 1 });
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] as number) >= (lengths[i * width + j + 1] as number)) {
      result.push(removedAll[i] as DiffLine);
      i += 1;
    } else {
      result.push(addedAll[j] as DiffLine);
      j += 1;
    }
  }
  while (i < n) result.push(removedAll[i++] as DiffLine);
  while (j < m) result.push(addedAll[j++] as DiffLine);
  return result;
}
