import { CONFLUENCE_TIMEOUT_MS } from '@coderoom/domain';

// Confluence Cloud's REST API (v1 content API under /wiki/rest/api) over plain HTTP: Atlassian publishes
// no official Node SDK for Confluence, so this adapter uses fetch (docs/organizations.md). Basic
// authentication with the account's e-mail and API token; pages come with `expand=body.storage` and are
// followed through `_links.next`, never to another origin.

export interface ConfluenceSite {
  /** Normalised: scheme, host and any path before /wiki, without a trailing slash. */
  baseUrl: string;
  email: string;
  apiToken: string;
}

export interface ConfluenceSpace {
  key: string;
  name: string;
  type: string;
}

export interface ConfluencePage {
  id: string;
  title: string;
  /** The storage representation (XHTML), when asked for. */
  storage: string | null;
}

export type ConfluenceFailureKind = 'unauthorized' | 'not_found' | 'unreachable';

/** What went wrong talking to Confluence; the service turns it into the user's message. */
export class ConfluenceFailure extends Error {
  constructor(
    readonly kind: ConfluenceFailureKind,
    detail: string,
  ) {
    super(`confluence ${kind}: ${detail}`);
    this.name = 'ConfluenceFailure';
  }
}

interface ListAnswer<T> {
  results?: T[];
  _links?: { next?: string; context?: string; base?: string };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The site address an admin typed, normalised (`https://team.atlassian.net/wiki/` → `https://team.atlassian.net`),
 * or null when it is not one: https only, plain http only on this machine (development and tests).
 */
export function normaliseSiteUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  const isHttps = url.protocol === 'https:';
  const isLocalHttp = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if ((!isHttps && !isLocalHttp) || url.username || url.password || url.search || url.hash) return null;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/wiki$/, '');
  return `${url.origin}${path}`;
}

export function createConfluenceClient(site: ConfluenceSite) {
  const origin = new URL(site.baseUrl).origin;
  const apiRoot = `${site.baseUrl}/wiki/rest/api`;
  const authorization = `Basic ${Buffer.from(`${site.email}:${site.apiToken}`).toString('base64')}`;

  async function get<T>(url: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization, accept: 'application/json' },
        // A redirect could carry the credentials elsewhere: Confluence's API does not redirect.
        redirect: 'error',
        signal: AbortSignal.timeout(CONFLUENCE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ConfluenceFailure('unreachable', String(error));
    }
    if (response.status === 401 || response.status === 403) {
      throw new ConfluenceFailure('unauthorized', `HTTP ${response.status}`);
    }
    if (response.status === 404) throw new ConfluenceFailure('not_found', url);
    if (!response.ok) throw new ConfluenceFailure('unreachable', `HTTP ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new ConfluenceFailure('unreachable', 'not JSON');
    }
  }

  /** `_links.next` is relative to the site's context path (/wiki); it must stay on the site. */
  function nextUrl(links: ListAnswer<unknown>['_links']): string | null {
    const next = links?.next;
    if (!next) return null;
    const context = links?.context ?? '/wiki';
    const path = next.startsWith(`${context}/`) || /^https?:/.test(next) ? next : `${context}${next}`;
    const url = new URL(path, origin);
    return url.origin === origin ? url.toString() : null;
  }

  /** Follows `_links.next` until `max` items; answers them and whether more existed. */
  async function collect<T>(first: string, max: number): Promise<{ items: T[]; truncated: boolean }> {
    const items: T[] = [];
    let url: string | null = first;
    while (url) {
      const answer: ListAnswer<T> = await get<ListAnswer<T>>(url);
      items.push(...(answer.results ?? []));
      if (items.length >= max) {
        return {
          items: items.slice(0, max),
          truncated: items.length > max || nextUrl(answer._links) !== null,
        };
      }
      url = nextUrl(answer._links);
    }
    return { items, truncated: false };
  }

  const space = (raw: { key?: string; name?: string; type?: string }): ConfluenceSpace => ({
    key: String(raw.key ?? ''),
    name: String(raw.name ?? raw.key ?? ''),
    type: String(raw.type ?? 'global'),
  });

  return {
    async listSpaces(max: number): Promise<{ spaces: ConfluenceSpace[]; truncated: boolean }> {
      const { items, truncated } = await collect<{ key?: string; name?: string; type?: string }>(
        `${apiRoot}/space?limit=${Math.min(max, 100)}`,
        max,
      );
      return { spaces: items.map(space).filter((item) => item.key !== ''), truncated };
    },

    async getSpace(key: string): Promise<ConfluenceSpace> {
      return space(await get(`${apiRoot}/space/${encodeURIComponent(key)}`));
    },

    async listPages(
      key: string,
      options: { withBody: boolean; max: number },
    ): Promise<{ pages: ConfluencePage[]; truncated: boolean }> {
      const query = new URLSearchParams({
        spaceKey: key,
        type: 'page',
        limit: String(Math.min(options.max, 50)),
        ...(options.withBody ? { expand: 'body.storage' } : {}),
      });
      const { items, truncated } = await collect<{
        id?: string | number;
        title?: string;
        body?: { storage?: { value?: string } };
      }>(`${apiRoot}/content?${query}`, options.max);
      return {
        pages: items.map((item) => ({
          id: String(item.id ?? ''),
          title: String(item.title ?? 'Untitled'),
          storage: options.withBody ? (item.body?.storage?.value ?? '') : null,
        })),
        truncated,
      };
    },
  };
}
