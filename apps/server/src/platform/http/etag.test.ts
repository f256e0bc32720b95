import { describe, expect, it } from 'vitest';
import { formatEtag, isCurrentEtag, newEtag, parseEtag } from './etag.js';

describe('the eTag helper', () => {
  it('reads a bare, quoted or weak tag as the same token', () => {
    expect(parseEtag('abc')).toBe('abc');
    expect(parseEtag('"abc"')).toBe('abc');
    expect(parseEtag('W/"abc"')).toBe('abc');
    expect(parseEtag('  "abc"  ')).toBe('abc');
  });

  it('reads the first of a list and nothing from an empty value', () => {
    expect(parseEtag('"a", "b"')).toBe('a');
    expect(parseEtag(['"x"', '"y"'])).toBe('x');
    expect(parseEtag(undefined)).toBeNull();
    expect(parseEtag('')).toBeNull();
    expect(parseEtag('""')).toBeNull();
    expect(parseEtag('W/""')).toBeNull();
  });

  it('formats a token as a strong tag that reads back as itself', () => {
    const etag = newEtag();
    expect(formatEtag(etag)).toBe(`"${etag}"`);
    expect(parseEtag(formatEtag(etag))).toBe(etag);
  });

  it('makes a new token every time, safe in a header', () => {
    const tokens = new Set(Array.from({ length: 50 }, newEtag));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('matches only the current token', () => {
    expect(isCurrentEtag('abc', 'abc')).toBe(true);
    expect(isCurrentEtag('abc', 'abd')).toBe(false);
    expect(isCurrentEtag('abc', 'ABC')).toBe(false);
  });
});
