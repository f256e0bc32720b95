import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipJson } from './gzipJson';

describe('gzipJson', () => {
  it('compresses at the highest level and decompresses to the same JSON', async () => {
    const page = {
      title: 'Loops',
      components: Array.from({ length: 50 }, (_, index) => ({ comp_id: `c${index}` })),
    };
    const bytes = new Uint8Array(await gzipJson(page).arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    // Byte 8 of a gzip header (XFL) is 2 when the compressor used its slowest, smallest setting.
    expect(bytes[8]).toBe(2);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(page);
    expect(bytes.length).toBeLessThan(JSON.stringify(page).length / 3);
  });
});
