/** The reader-style /versions routes (spec 000 §2): a collection's history, or one lesson's. */
export function versionHistoryPath(authorId: number, collectionId: number, pageId?: number): string {
  return pageId === undefined
    ? `/collection/${authorId}/${collectionId}/versions`
    : `/collection/page/${authorId}/${collectionId}/${pageId}/versions`;
}
