import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotpStep, totpAt } from './totp.js';

// RFC 4226 appendix D / RFC 6238 appendix B use the ASCII secret "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('totp', () => {
  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it('matches the RFC 4226 HOTP test values', () => {
    expect(hotp(RFC_SECRET, 0)).toBe('755224');
    expect(hotp(RFC_SECRET, 1)).toBe('287082');
    expect(hotp(RFC_SECRET, 9)).toBe('520489');
  });

  it('matches the RFC 6238 SHA-1 test values (last 6 digits)', () => {
    expect(totpAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
  });

  it('accepts one step of drift and nothing further, naming the step it matched', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now - 90_000), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, 'abcdef', now)).toBeNull();
  });
});
