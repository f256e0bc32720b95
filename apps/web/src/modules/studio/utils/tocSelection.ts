/** A TOC row: a category, or a lesson in one (category -1 holds the lessons outside any category). */
export type TocSelection =
  | { kind: 'category'; category: number }
  | { kind: 'lesson'; category: number; lesson: number };
