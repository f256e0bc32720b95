// The lesson document's shape, as the server's apps/server/src/modules/collab/collab.document.ts defines
// it: one Y.Text per shared widget field, keyed by comp_id, in one map per field (Markdown text, Code
// widgets' starter code). META_MAP carries the eTag of the last structure save, so the other editors
// reload the widget list when it changes.
export const MARKDOWN_MAP = 'markdown';
export const CODE_MAP = 'code';
export const SHARED_MAPS = [MARKDOWN_MAP, CODE_MAP] as const;
export type SharedMap = (typeof SHARED_MAPS)[number];
export const META_MAP = 'meta';
export const STRUCTURE_KEY = 'structure_etag';

export function collabDocumentName(authorId: number, collectionId: number, pageId: number): string {
  return `page:${authorId}:${collectionId}:${pageId}`;
}

/** Same host and port as the page, so the session cookie goes along; wss under https. */
export function collabUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/collab`;
}
