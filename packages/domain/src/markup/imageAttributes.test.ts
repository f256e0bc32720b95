import { describe, expect, it } from 'vitest';
import { parseImageAttributes } from './imageAttributes.js';

describe('parseImageAttributes', () => {
  it('reads every known attribute', () => {
    expect(parseImageAttributes(' width=320 height=180 align=middle alt="A chart" ')).toEqual({
      attributes: { width: 320, height: 180, align: 'middle', alt: 'A chart' },
      leftover: [],
    });
  });

  it('returns what it could not read', () => {
    expect(parseImageAttributes('width=0 height=9999 align=center color=red loose').leftover).toEqual([
      'width=0',
      'height=9999',
      'align=center',
      'color=red',
      'loose',
    ]);
  });

  it('accepts an empty block', () => {
    expect(parseImageAttributes('')).toEqual({ attributes: {}, leftover: [] });
  });
});
