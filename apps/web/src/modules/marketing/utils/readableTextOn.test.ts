import { describe, expect, it } from 'vitest';
import { readableTextOn } from './readableTextOn';

describe('readableTextOn', () => {
  it('puts dark text on light backgrounds and white text on dark ones', () => {
    expect(readableTextOn('#eef2ff')).toBe('#161a23');
    expect(readableTextOn('#ffffff')).toBe('#161a23');
    expect(readableTextOn('#1f2a44')).toBe('#ffffff');
    expect(readableTextOn('#4f46e5')).toBe('#ffffff');
  });
});
