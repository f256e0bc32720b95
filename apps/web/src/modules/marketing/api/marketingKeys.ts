/** Query keys of marketing pages and the blog. */
export const marketingKeys = {
  all: ['marketing'] as const,
  published: (kind: string, url: string) => ['marketing', 'published', kind, url] as const,
  editorPage: (id: number) => ['marketing', 'editor', id] as const,
  editorPages: (kind: string) => ['marketing', 'editor-list', kind] as const,
  posts: (category: string | null, page: number) => ['marketing', 'posts', category, page] as const,
  categories: ['marketing', 'categories'] as const,
};
