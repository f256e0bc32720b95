import { describe, expect, it } from 'vitest';
import { savedCode } from './savedCode';

describe('savedCode', () => {
  it('reads the code saved for a widget', () => {
    expect(savedCode({ c1: { code: 'print(1)' } }, 'c1')).toBe('print(1)');
  });

  it('ignores missing or malformed entries', () => {
    expect(savedCode(undefined, 'c1')).toBeUndefined();
    expect(savedCode({ c1: 'print(1)' }, 'c1')).toBeUndefined();
    expect(savedCode({ c1: { code: 3 } }, 'c1')).toBeUndefined();
  });
});
