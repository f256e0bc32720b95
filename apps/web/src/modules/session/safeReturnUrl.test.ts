import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './safeReturnUrl';

describe('safeReturnUrl', () => {
  it('keeps same-site paths only', () => {
    expect(safeReturnUrl('/settings?tab=security')).toBe('/settings?tab=security');
    expect(safeReturnUrl('//evil.example')).toBeNull();
    expect(safeReturnUrl('https://evil.example')).toBeNull();
    expect(safeReturnUrl('/\\evil.example')).toBeNull();
    expect(safeReturnUrl('/login')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });
});
