import { describe, expect, it } from 'vitest';
import { safeUrl } from './safeUrl.js';

describe('safeUrl', () => {
  it('allows web, e-mail and relative addresses', () => {
    for (const url of [
      'https://a.dev',
      'http://a.dev/x?y#z',
      'mailto:a@b.dev',
      '/x',
      './x',
      '../x',
      '#a',
      '?q=1',
      'x.png',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('refuses other schemes and addresses on other hosts without a scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.dev',
      'a b',
      '',
    ]) {
      expect(safeUrl(url)).toBeNull();
    }
    expect(safeUrl('mailto:a@b.dev', { allowMailto: false })).toBeNull();
  });
});
