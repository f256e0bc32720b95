import { describe, expect, it } from 'vitest';
import { negotiateEncoding, prepareJson } from './preparedJson.js';

describe('a prepared answer', () => {
  it('picks the acceptable encoding with the highest weight, brotli first on a tie', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate')).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(negotiateEncoding('GZIP;Q=1')).toBe('gzip');
  });

  it('holds the JSON as UTF-8 bytes with a weak validator, and starts with no compressed copy', () => {
    const prepared = prepareJson('{"title":"ünïcode ✓"}');
    expect(prepared.body.toString('utf8')).toBe('{"title":"ünïcode ✓"}');
    expect(prepared.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(prepareJson('{"title":"other"}').etag).not.toBe(prepared.etag);
    expect(prepared.encoded).toEqual({});
  });
});
