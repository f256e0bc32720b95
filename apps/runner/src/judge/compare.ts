import type { ComparisonMode } from '../types.js';

/**
 * Output comparison, always on the host: expected outputs never enter the sandbox.
 *
 * - exact:   byte-for-byte (after decoding as UTF-8).
 * - trimmed: line endings normalised, trailing spaces on each line and blank lines at both ends ignored.
 * - tokens:  the same whitespace-separated words in the same order.
 * - float:   like tokens, but numbers match within an absolute or relative tolerance.
 */
export function outputsMatch(
  mode: ComparisonMode,
  actual: string,
  expected: string,
  tolerance = 1e-6,
): boolean {
  switch (mode) {
    case 'exact':
      return actual === expected;
    case 'trimmed':
      return trimLines(actual) === trimLines(expected);
    case 'tokens':
      return sameTokens(tokens(actual), tokens(expected), (a, b) => a === b);
    case 'float':
      return sameTokens(tokens(actual), tokens(expected), (a, b) => a === b || numbersClose(a, b, tolerance));
  }
}

function trimLines(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

function tokens(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

function sameTokens(actual: string[], expected: string[], equal: (a: string, b: string) => boolean): boolean {
  return (
    actual.length === expected.length && actual.every((token, index) => equal(token, expected[index] ?? ''))
  );
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(inf|infinity|nan)$/i;

function parseNumber(token: string): number | null {
  if (!NUMBER.test(token)) return null;
  const lower = token.toLowerCase().replace(/^\+/, '');
  if (lower === 'nan') return Number.NaN;
  if (lower === 'inf' || lower === 'infinity') return Number.POSITIVE_INFINITY;
  if (lower === '-inf' || lower === '-infinity') return Number.NEGATIVE_INFINITY;
  return Number(token);
}

function numbersClose(actualToken: string, expectedToken: string, tolerance: number): boolean {
  const actual = parseNumber(actualToken);
  const expected = parseNumber(expectedToken);
  if (actual === null || expected === null) return false;
  if (Number.isNaN(actual) || Number.isNaN(expected)) return Number.isNaN(actual) && Number.isNaN(expected);
  if (!Number.isFinite(actual) || !Number.isFinite(expected)) return actual === expected;
  const difference = Math.abs(actual - expected);
  return difference <= tolerance || difference <= tolerance * Math.abs(expected);
}
