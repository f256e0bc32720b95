import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './safeReturnUrl';

describe('safeReturnUrl', () => {
  it('keeps paths of the app and refuses other sites', () => {
    expect(safeReturnUrl('/collection/page/1/2/3')).toBe('/collection/page/1/2/3');
    expect(safeReturnUrl('//evil.example')).toBe('/learn/home');
    expect(safeReturnUrl('https://evil.example')).toBe('/learn/home');
    expect(safeReturnUrl('/\\evil.example')).toBe('/learn/home');
    expect(safeReturnUrl(null, '/unlimited')).toBe('/unlimited');
  });
});
