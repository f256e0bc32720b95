import { describe, expect, it } from 'vitest';
import { moveTocItem } from './moveTocItem';

const lesson = (page_id: number) => ({
  page_id,
  title: `L${page_id}`,
  is_optional: false,
  is_preview: false,
});
const toc = {
  loose: [],
  categories: [
    { key: 'a', title: 'A', lessons: [lesson(1), lesson(2)] },
    { key: 'b', title: 'B', lessons: [lesson(3)] },
  ],
};

describe('moveTocItem', () => {
  it('moves a lesson within its category', () => {
    const moved = moveTocItem(toc, { kind: 'lesson', category: 0, lesson: 0 }, 1);
    expect(moved.toc.categories[0]?.lessons.map((l) => l.page_id)).toEqual([2, 1]);
    expect(moved.selection).toEqual({ kind: 'lesson', category: 0, lesson: 1 });
  });

  it('moves a lesson at the edge into the next category', () => {
    const moved = moveTocItem(toc, { kind: 'lesson', category: 0, lesson: 1 }, 1);
    expect(moved.toc.categories.map((c) => c.lessons.map((l) => l.page_id))).toEqual([[1], [2, 3]]);
    expect(moved.selection).toEqual({ kind: 'lesson', category: 1, lesson: 0 });
  });

  it('moves categories and stops at the ends', () => {
    expect(moveTocItem(toc, { kind: 'category', category: 1 }, -1).toc.categories.map((c) => c.key)).toEqual([
      'b',
      'a',
    ]);
    expect(moveTocItem(toc, { kind: 'category', category: 0 }, -1).toc).toBe(toc);
  });
});
