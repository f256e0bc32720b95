// The authoring API's addresses (docs/authoring.md), in one place.
export const authorPaths = {
  createCollection: (workType: 'course' | 'path') => `/api/author/collection?work_type=${workType}`,
  collection: (authorId: number, collectionId: number) =>
    `/api/author/${authorId}/collection/${collectionId}`,
  createPage: '/api/author/page',
  page: (authorId: number, collectionId: number, pageId: number) =>
    `/api/author/${authorId}/collection/${collectionId}/page/${pageId}`,
  savePage: (pageId: number) => `/api/author/page/${pageId}`,
  submitForReview: (authorId: number, collectionId: number) =>
    `/api/author/${authorId}/collection/${collectionId}/submit-for-review`,
  reviewQueue: '/api/admin/review-queue',
  review: (collectionId: number) => `/api/admin/review/${collectionId}`,
};
