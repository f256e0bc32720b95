import { describe, expect, it } from 'vitest';
import { COVER_WIDTH, coverArt } from './coverArt';

const python = { id: 7, title: 'Python in Practice', languageTopic: 'Python', workType: 'course' };

describe('coverArt', () => {
  it('draws the same picture for the same course every time', () => {
    expect(coverArt(python)).toEqual(coverArt({ ...python }));
  });

  it('gives two courses on one topic different pictures in the same family', () => {
    const other = coverArt({ ...python, id: 8, title: 'Python for Data' });
    const first = coverArt(python);
    expect(other.bars).not.toEqual(first.bars);
    expect(first.symbol).toBe('py');
    expect(other.symbol).toBe('py');
  });

  it('marks paths and topic-less items with their own symbols', () => {
    expect(coverArt({ id: 1, title: 'Full stack', languageTopic: null, workType: 'path' }).symbol).toBe('→');
    expect(
      coverArt({ id: 2, title: 'Lab', languageTopic: null, workType: 'standalone_cloud_lab' }).symbol,
    ).toBe('{ }');
  });

  it('keeps every bar inside the picture', () => {
    for (let id = 1; id < 50; id += 1) {
      for (const bar of coverArt({ ...python, id }).bars) {
        expect(bar.width).toBeGreaterThan(0);
        expect(bar.x + bar.width).toBeLessThanOrEqual(COVER_WIDTH - 24);
      }
    }
  });
});
