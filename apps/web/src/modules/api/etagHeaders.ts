import { ETAG_HEADER } from '@coderoom/contracts';

/**
 * The header a save names the version it was based on in (spec 000 §7 "eTag header"; the server's
 * platform/http/etag.ts): the record's eTag as the server last answered it, quoted like an HTTP tag.
 */
export function etagHeaders(etag: string): Record<string, string> {
  return { [ETAG_HEADER]: `"${etag}"` };
}
