/** Query keys of the notes feature; every write invalidates `all`. */
export const notesKeys = {
  all: ['notes'] as const,
  page: (authorId: number, workId: number, pageId: number) =>
    ['notes', 'page', authorId, workId, pageId] as const,
  search: (searchString: string, workId: number | null, page: number) =>
    ['notes', 'search', searchString, workId, page] as const,
  works: ['notes', 'works'] as const,
};
