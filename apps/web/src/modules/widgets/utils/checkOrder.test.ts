import { describe, expect, it } from 'vitest';
import { checkOrder } from './checkOrder';

describe('checkOrder', () => {
  it('counts the items in their place', () => {
    expect(checkOrder(['a', 'c', 'b'], ['a', 'b', 'c'])).toEqual({ inPlace: 1, isCorrect: false });
    expect(checkOrder(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual({ inPlace: 3, isCorrect: true });
  });
});
