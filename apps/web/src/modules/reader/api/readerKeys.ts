// Query keys of the reader's server state, so mutations can refresh exactly what they change.
export const readerKeys = {
  all: ['reader'] as const,
  featured: (query: string) => ['reader', 'featured', query] as const,
  home: (key: string) => ['reader', 'home', key] as const,
  lesson: (authorId: number, collectionId: number, pageId: number, draft: boolean) =>
    ['reader', 'lesson', authorId, collectionId, pageId, draft] as const,
  myWorks: (tab: string) => ['reader', 'my-works', tab] as const,
  continueLearning: ['reader', 'continue-learning'] as const,
  certificates: ['reader', 'certificates'] as const,
};
