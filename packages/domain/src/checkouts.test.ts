import { describe, expect, it } from 'vitest';
import { isEnterpriseUpgrade, proratedSeatsCents } from './checkouts.js';

describe('isEnterpriseUpgrade (spec 001 §4 upgrade rule, with seats)', () => {
  const current = { featureSet: 200, validityMonths: 12, seats: 5 };
  it('accepts a higher feature set, a longer term of the same, or more seats of the same plan', () => {
    expect(isEnterpriseUpgrade(current, { featureSet: 300, validityMonths: 1, seats: 5 })).toBe(true);
    expect(isEnterpriseUpgrade(current, { featureSet: 200, validityMonths: 24, seats: 5 })).toBe(true);
    expect(isEnterpriseUpgrade(current, { featureSet: 200, validityMonths: 12, seats: 6 })).toBe(true);
  });
  it('refuses the same order, a lower tier, a shorter term and fewer seats', () => {
    expect(isEnterpriseUpgrade(current, { ...current })).toBe(false);
    expect(isEnterpriseUpgrade(current, { featureSet: 100, validityMonths: 24, seats: 9 })).toBe(false);
    expect(isEnterpriseUpgrade(current, { featureSet: 200, validityMonths: 3, seats: 9 })).toBe(false);
    expect(isEnterpriseUpgrade(current, { featureSet: 400, validityMonths: 12, seats: 4 })).toBe(false);
  });
});

describe('proratedSeatsCents', () => {
  it('charges the share of the term left, floored to the cent', () => {
    const startsAt = new Date('2026-01-01T00:00:00Z');
    const expiresAt = new Date('2026-01-11T00:00:00Z');
    const now = new Date('2026-01-08T12:00:00Z');
    expect(proratedSeatsCents({ seatPriceCents: 1001, seats: 3, startsAt, expiresAt, now })).toBe(750);
    expect(proratedSeatsCents({ seatPriceCents: 1001, seats: 3, startsAt, expiresAt: null, now })).toBe(3003);
  });
});
