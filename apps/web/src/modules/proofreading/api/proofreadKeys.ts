/** Query keys of proofreading; everything about one article sits under its doc id. */
export const proofreadKeys = {
  all: ['proofread'] as const,
  queue: ['proofread', 'queue'] as const,
  proofreaders: ['proofread', 'proofreaders'] as const,
  article: (docPath: string) => ['proofread', 'article', docPath] as const,
  preview: (docPath: string, selected: number, base: number | null) =>
    ['proofread', 'article', docPath, 'preview', selected, base] as const,
  incorporations: (docPath: string) => ['proofread', 'article', docPath, 'incorporations'] as const,
};
