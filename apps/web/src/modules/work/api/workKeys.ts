/** Query keys of the work area; every write invalidates `all`. */
export const workKeys = {
  all: ['work'] as const,
  home: ['work', 'home'] as const,
  list: (kind: string, tab: string) => ['work', 'list', kind, tab] as const,
  item: (id: number) => ['work', 'item', id] as const,
  trash: ['work', 'trash'] as const,
  comments: (taskId: number) => ['work', 'comments', taskId] as const,
  collaborators: (id: number) => ['work', 'collaborators', id] as const,
  reviews: (tab: string) => ['work', 'reviews', tab] as const,
  reports: ['work', 'reports'] as const,
  onboarding: ['work', 'onboarding'] as const,
  versions: (id: number) => ['work', 'versions', id] as const,
  version: (id: number, versionId: number) => ['work', 'versions', id, versionId] as const,
};
