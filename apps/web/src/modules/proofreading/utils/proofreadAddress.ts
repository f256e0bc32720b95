/** An article's place in the proofreading routes: `/{authorId}/{collectionId}/document/{docId}[/{pageId}]`. */
export interface ProofreadAddress {
  authorId: number;
  collectionId: number;
  docId: string;
  pageId?: number;
}

/** The part after `/proofread` (web) or `/api/proofread` (API). */
export function proofreadDocPath({ authorId, collectionId, docId }: ProofreadAddress): string {
  return `/${authorId}/${collectionId}/document/${encodeURIComponent(docId)}`;
}

/** The web address of an article's proofreading page, or one of its sub-pages (`incorporate`, …). */
export function proofreadPageUrl(address: ProofreadAddress, suffix = ''): string {
  const page = address.pageId === undefined ? '' : `/${address.pageId}`;
  return `/proofread${proofreadDocPath(address)}${page}${suffix ? `/${suffix}` : ''}`;
}

/** The API address with the optional page as `?page_id=`. */
export function proofreadApiUrl(address: ProofreadAddress, suffix = '', query: Record<string, string> = {}) {
  const params = new URLSearchParams(query);
  if (address.pageId !== undefined) params.set('page_id', String(address.pageId));
  const search = params.toString();
  return `/api/proofread${proofreadDocPath(address)}${suffix ? `/${suffix}` : ''}${search ? `?${search}` : ''}`;
}
