import type { CollectionDraft } from './toCollectionDraft';
import type { TocSelection } from './tocSelection';

type Toc = Pick<CollectionDraft, 'loose' | 'categories'>;

/** The TOC without the selected row (a category goes with its lessons). */
export function removeTocItem(toc: Toc, selection: TocSelection): Toc {
  if (selection.kind === 'category') {
    return { ...toc, categories: toc.categories.filter((_, index) => index !== selection.category) };
  }
  if (selection.category === -1) {
    return { ...toc, loose: toc.loose.filter((_, index) => index !== selection.lesson) };
  }
  return {
    ...toc,
    categories: toc.categories.map((category, index) =>
      index === selection.category
        ? { ...category, lessons: category.lessons.filter((_, at) => at !== selection.lesson) }
        : category,
    ),
  };
}
