// Query keys of the author studio's server state.
export const studioKeys = {
  all: ['studio'] as const,
  collection: (authorId: number, collectionId: number) =>
    ['studio', 'collection', authorId, collectionId] as const,
  page: (authorId: number, collectionId: number, pageId: number) =>
    ['studio', 'page', authorId, collectionId, pageId] as const,
  reviewQueue: ['studio', 'review-queue'] as const,
};
