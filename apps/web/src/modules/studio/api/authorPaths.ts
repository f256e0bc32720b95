import type { AuthorWorkType } from '@coderoom/contracts';

// The authoring API's addresses (docs/authoring.md), in one place.
export const authorPaths = {
  createCollection: (workType: AuthorWorkType) => `/api/author/collection?work_type=${workType}`,
  myCollections: (query: URLSearchParams) => `/api/author/collections?${query}`,
  collection: (authorId: number, collectionId: number) =>
    `/api/author/${authorId}/collection/${collectionId}`,
  createPage: '/api/author/page',
  page: (authorId: number, collectionId: number, pageId: number) =>
    `/api/author/${authorId}/collection/${collectionId}/page/${pageId}`,
  savePage: (pageId: number) => `/api/author/page/${pageId}`,
  savePath: (pathId: number) => `/api/author/path/${pathId}`,
  submitForReview: (authorId: number, collectionId: number) =>
    `/api/author/${authorId}/collection/${collectionId}/submit-for-review`,
  itemStatus: (authorId: number, collectionId: number) =>
    `/api/author/${authorId}/collection/${collectionId}/status`,
  versions: (authorId: number, collectionId: number, pageId?: number) =>
    `/api/author/${authorId}/collection/${collectionId}/versions${pageId ? `?page_id=${pageId}` : ''}`,
  pageDiff: (authorId: number, collectionId: number, pageId: number, against: string) =>
    `/api/author/${authorId}/collection/${collectionId}/page/${pageId}/diff?against=${encodeURIComponent(against)}`,
  restorePage: (authorId: number, collectionId: number, pageId: number) =>
    `/api/author/${authorId}/collection/${collectionId}/page/${pageId}/restore`,
  collaborators: (authorId: number, collectionId: number) =>
    `/api/author/${authorId}/collection/${collectionId}/collaborators`,
  collaborator: (authorId: number, collectionId: number, userId: number) =>
    `/api/author/${authorId}/collection/${collectionId}/collaborators/${userId}`,
  imageUploadUrl: (authorId: number, collectionId: number, query: URLSearchParams) =>
    `/api/author/${authorId}/collection/${collectionId}/image/upload-url?${query}`,
  reviewQueue: '/api/admin/review-queue',
  review: (collectionId: number) => `/api/admin/review/${collectionId}`,
};
