import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './imageFileProblem';

describe('imageFileProblem', () => {
  it('accepts png, jpeg and gif up to 800 KB', () => {
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 819_200 })).toBeNull();
    expect(imageFileProblem({ name: 'a.JPG', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(imageFileProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBeNull();
  });

  it('refuses other formats and larger files', () => {
    expect(imageFileProblem({ name: 'a.webp', type: 'image/webp', size: 10 })).toMatch(/PNG, JPEG and GIF/);
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 819_201 })).toMatch(/at most 800 KB/);
  });
});
