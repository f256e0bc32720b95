import { describe, expect, it } from 'vitest';
import { seededShuffle } from './seededShuffle';

describe('seededShuffle', () => {
  const items = ['a', 'b', 'c', 'd', 'e', 'f'];

  it('gives the same order for the same seed and keeps every item', () => {
    const first = seededShuffle(items, 'comp-1');
    expect(seededShuffle(items, 'comp-1')).toEqual(first);
    expect([...first].sort()).toEqual(items);
  });

  it('differs between seeds', () => {
    const orders = new Set(['w1', 'w2', 'w3', 'w4', 'w5'].map((seed) => seededShuffle(items, seed).join('')));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('never hands back the solved order', () => {
    for (let seed = 0; seed < 200; seed++) {
      expect(seededShuffle(['x', 'y'], `s${seed}`)).toEqual(['y', 'x']);
      expect(seededShuffle(items, `s${seed}`)).not.toEqual(items);
    }
  });

  it('does not change its input', () => {
    const input = ['a', 'b', 'c'];
    seededShuffle(input, 'x');
    expect(input).toEqual(['a', 'b', 'c']);
  });
});
