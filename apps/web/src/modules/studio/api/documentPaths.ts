// The document comments API's addresses (docs/decisions.md "Document comments"); keys are URL-encoded.
const document = (key: string) => `/api/document/${encodeURIComponent(key)}`;

export const documentPaths = {
  comments: (key: string) => `${document(key)}/comments`,
  createComment: (key: string) => `${document(key)}/comment`,
  comment: (key: string, commentId: number) => `${document(key)}/comment/${commentId}`,
  reply: (key: string, commentId: number, replyId?: number) =>
    `${document(key)}/comment/${commentId}/reply${replyId === undefined ? '' : `/${replyId}`}`,
  commentsCount: '/api/document/comments-count',
};
