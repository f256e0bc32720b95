import { describe, expect, it } from 'vitest';
import { containsNul, isCleanUrl } from './inputEncoding.js';

describe('isCleanUrl', () => {
  it('accepts plain and escaped UTF-8, in the path and the query', () => {
    expect(isCleanUrl('/api/reader/collection/1/2?draft=true')).toBe(true);
    expect(isCleanUrl(`/api/x/${encodeURIComponent('Grüße 日本')}?q=${encodeURIComponent('ü')}`)).toBe(true);
    expect(isCleanUrl('/api/x/%25%2F?q=a+b')).toBe(true);
  });

  it('refuses a NUL, raw or escaped, and escapes that are not UTF-8', () => {
    for (const url of [
      '/api/x/%00',
      '/api/x?q=%00',
      '/api/x/\u0000',
      '/api/x/%C3%28',
      '/api/x?q=%FF',
      '/api/x/%C3',
    ]) {
      expect(isCleanUrl(url), url).toBe(false);
    }
  });
});

describe('containsNul', () => {
  it('finds a NUL in any string or key, however deep', () => {
    expect(containsNul({ a: [1, { b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: ['text', 2, null, true], b: { c: 'ü' } })).toBe(false);
  });
});
