import { moveItem } from '../../widgets/utils/moveItem';
import type { CollectionDraft, LessonDraft } from './toCollectionDraft';
import type { TocSelection } from './tocSelection';

type Toc = Pick<CollectionDraft, 'loose' | 'categories'>;

const lessonsAt = (toc: Toc, category: number): LessonDraft[] | undefined =>
  category === -1 ? toc.loose : toc.categories[category]?.lessons;

function withLessons(toc: Toc, category: number, lessons: LessonDraft[]): Toc {
  if (category === -1) return { ...toc, loose: lessons };
  return {
    ...toc,
    categories: toc.categories.map((entry, index) => (index === category ? { ...entry, lessons } : entry)),
  };
}

/**
 * Moves the selected row one place up (-1) or down (+1). A lesson at the edge of its category moves into
 * the neighbouring one, so lessons can travel the whole TOC. Returns the TOC and where the row went.
 */
export function moveTocItem(
  toc: Toc,
  selection: TocSelection,
  direction: -1 | 1,
): { toc: Toc; selection: TocSelection } {
  if (selection.kind === 'category') {
    const to = selection.category + direction;
    if (to < 0 || to >= toc.categories.length) return { toc, selection };
    return {
      toc: { ...toc, categories: moveItem(toc.categories, selection.category, direction) },
      selection: { kind: 'category', category: to },
    };
  }
  const lessons = lessonsAt(toc, selection.category);
  const lesson = lessons?.[selection.lesson];
  if (!lessons || !lesson) return { toc, selection };
  const to = selection.lesson + direction;
  if (to >= 0 && to < lessons.length) {
    return {
      toc: withLessons(toc, selection.category, moveItem(lessons, selection.lesson, direction)),
      selection: { ...selection, lesson: to },
    };
  }
  const target = selection.category + direction;
  const targetLessons = lessonsAt(toc, target);
  if (!targetLessons) return { toc, selection };
  const without = withLessons(
    toc,
    selection.category,
    lessons.filter((_, index) => index !== selection.lesson),
  );
  const placed = direction === -1 ? [...targetLessons, lesson] : [lesson, ...targetLessons];
  return {
    toc: withLessons(without, target, placed),
    selection: { kind: 'lesson', category: target, lesson: direction === -1 ? placed.length - 1 : 0 },
  };
}
