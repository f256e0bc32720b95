import { describe, expect, it } from 'vitest';
import {
  isSchoolAddress,
  looksLikeAccountNumber,
  monthKey,
  monthStart,
  nextMonthStart,
  percentOfCents,
  splitByWeight,
} from './payouts.js';

describe('splitByWeight (largest remainder, whole cents)', () => {
  it('gives the left-over cents to the largest fractions, and the parts add up to the pool', () => {
    // 1000 cents over 100, 33 and 200 seconds: exact 300.3, 99.099…, 600.6 → 300, 99, 601.
    const parts = splitByWeight(1000, [
      { key: 1, weight: 100 },
      { key: 2, weight: 33 },
      { key: 3, weight: 200 },
    ]);
    expect([...parts]).toEqual([
      [3, 601],
      [1, 300],
      [2, 99],
    ]);
  });

  it('breaks equal remainders toward the smaller key and never loses a cent', () => {
    const parts = splitByWeight(100, [
      { key: 'c', weight: 1 },
      { key: 'a', weight: 1 },
      { key: 'b', weight: 1 },
    ]);
    expect(parts.get('a')).toBe(34);
    expect(parts.get('b')).toBe(33);
    expect(parts.get('c')).toBe(33);
    for (const pool of [1, 7, 99_999, 123_456_789]) {
      const split = splitByWeight(pool, [
        { key: 1, weight: 3_600_000 },
        { key: 2, weight: 7 },
        { key: 3, weight: 86_399 },
      ]);
      expect([...split.values()].reduce((sum, cents) => sum + cents, 0)).toBe(pool);
    }
  });

  it('gives nothing when there is no pool or no reading, and nothing to unread courses', () => {
    expect([...splitByWeight(0, [{ key: 1, weight: 5 }])]).toEqual([[1, 0]]);
    expect([...splitByWeight(500, [{ key: 1, weight: 0 }])]).toEqual([[1, 0]]);
    const one = splitByWeight(500, [
      { key: 1, weight: 0 },
      { key: 2, weight: 9 },
    ]);
    expect(one.get(1)).toBe(0);
    expect(one.get(2)).toBe(500);
  });

  it('stays exact where floating point would not (large pools and weights)', () => {
    const split = splitByWeight(9_007_199_254_740, [
      { key: 1, weight: 1_000_000_007 },
      { key: 2, weight: 999_999_937 },
    ]);
    expect((split.get(1) ?? 0) + (split.get(2) ?? 0)).toBe(9_007_199_254_740);
  });
});

describe('percentOfCents', () => {
  it('rounds down, toward the platform, for credits and clawbacks alike', () => {
    expect(percentOfCents(3900, 70)).toBe(2730);
    expect(percentOfCents(999, 50)).toBe(499);
    expect(percentOfCents(-3900, 70)).toBe(-2730);
    expect(percentOfCents(-999, 50)).toBe(-500);
  });
});

describe('payout helpers', () => {
  it('names UTC months', () => {
    const start = monthStart(new Date('2026-12-31T23:59:59Z'));
    expect(monthKey(start)).toBe('2026-12');
    expect(monthKey(nextMonthStart(start))).toBe('2027-01');
  });

  it('spots card and bank numbers', () => {
    expect(looksLikeAccountNumber('4242 4242 4242 4242')).toBe(true);
    expect(looksLikeAccountNumber('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(looksLikeAccountNumber('acct_1AbCdEfGhIj')).toBe(false);
    expect(looksLikeAccountNumber('ABCDEFGH12345')).toBe(false);
  });

  it('matches school domains and their subdomains only', () => {
    const domains = ['edu', 'ac.uk'];
    expect(isSchoolAddress('a@mit.edu', domains)).toBe(true);
    expect(isSchoolAddress('a@cs.ox.ac.uk', domains)).toBe(true);
    expect(isSchoolAddress('a@notedu.com', domains)).toBe(false);
    expect(isSchoolAddress('a@edu.example.com', domains)).toBe(false);
    expect(isSchoolAddress('not-an-address', domains)).toBe(false);
  });
});
