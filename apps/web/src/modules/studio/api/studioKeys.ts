// Query keys of the author studio's server state.
export const studioKeys = {
  all: ['studio'] as const,
  myCollectionsAll: ['studio', 'my-collections'] as const,
  myCollections: (search: string) => ['studio', 'my-collections', search] as const,
  courseSearch: (searchString: string, page: number) =>
    ['studio', 'course-search', searchString, page] as const,
  collection: (authorId: number, collectionId: number) =>
    ['studio', 'collection', authorId, collectionId] as const,
  page: (authorId: number, collectionId: number, pageId: number) =>
    ['studio', 'page', authorId, collectionId, pageId] as const,
  versions: (authorId: number, collectionId: number, pageId: number | null) =>
    ['studio', 'versions', authorId, collectionId, pageId] as const,
  diffs: (authorId: number, collectionId: number, pageId: number) =>
    ['studio', 'diff', authorId, collectionId, pageId] as const,
  collaborators: (authorId: number, collectionId: number) =>
    ['studio', 'collaborators', authorId, collectionId] as const,
  comments: (documentKey: string) => ['studio', 'comments', documentKey] as const,
  commentsCount: (documentKey: string) => ['studio', 'comments-count', documentKey] as const,
  reviewQueue: ['studio', 'review-queue'] as const,
  reviewChecklist: (authorId: number, collectionId: number) =>
    ['studio', 'review-checklist', authorId, collectionId] as const,
};
