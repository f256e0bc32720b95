import { describe, expect, it } from 'vitest';
import { outputsMatch } from './compare.js';

describe('outputsMatch', () => {
  it('exact compares every byte', () => {
    expect(outputsMatch('exact', '3\n', '3\n')).toBe(true);
    expect(outputsMatch('exact', '3\n', '3')).toBe(false);
    expect(outputsMatch('exact', '3 \n', '3\n')).toBe(false);
  });

  it('trimmed ignores trailing spaces, line endings and blank lines at the ends', () => {
    expect(outputsMatch('trimmed', '1 2  \r\n3\n\n', '1 2\n3')).toBe(true);
    expect(outputsMatch('trimmed', '\n1\n', '1')).toBe(true);
    expect(outputsMatch('trimmed', '1 2\n3', '1  2\n3')).toBe(false);
    expect(outputsMatch('trimmed', '1\n\n2', '1\n2')).toBe(false);
  });

  it('tokens compares whitespace-separated words in order', () => {
    expect(outputsMatch('tokens', '1  2\n3\n', '1 2 3')).toBe(true);
    expect(outputsMatch('tokens', '1 2', '2 1')).toBe(false);
    expect(outputsMatch('tokens', '1 2 3', '1 2')).toBe(false);
  });

  it('float accepts numbers within the absolute or relative tolerance and compares other words exactly', () => {
    expect(outputsMatch('float', '0.3333333', '0.333333333', 1e-6)).toBe(true);
    expect(outputsMatch('float', '1000000.5', '1000000.0', 1e-6)).toBe(true);
    expect(outputsMatch('float', '0.34', '0.33', 1e-6)).toBe(false);
    expect(outputsMatch('float', 'area 2.5000001', 'area 2.5', 1e-6)).toBe(true);
    expect(outputsMatch('float', 'Area 2.5', 'area 2.5', 1e-6)).toBe(false);
    expect(outputsMatch('float', '1e3', '1000', 1e-9)).toBe(true);
    expect(outputsMatch('float', 'nan inf', 'NaN Infinity')).toBe(true);
    expect(outputsMatch('float', 'abc', '0')).toBe(false);
  });
});
