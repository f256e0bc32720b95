import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// Confluence Cloud for tests and the e2e journey: a real HTTP server on 127.0.0.1 speaking the REST API v1
// the import uses (`/wiki/rest/api/space`, `/wiki/rest/api/space/{key}`, `/wiki/rest/api/content?spaceKey=…
// &type=page&expand=body.storage`), with Basic authentication (e-mail and API token) and Confluence's
// pagination: `start`/`limit`, and `_links.next` relative to `_links.context` (/wiki). Pages are served
// at most `pageSize` a response, so a client has to follow `next`.

export interface FakeConfluencePage {
  id: string;
  title: string;
  /** The storage representation (XHTML). */
  storage: string;
}

export interface FakeConfluenceSpace {
  key: string;
  name: string;
  pages: FakeConfluencePage[];
}

export interface FakeConfluence {
  /** The site address an admin types (`https://team.atlassian.net` in real life). */
  baseUrl: string;
  email: string;
  apiToken: string;
  spaces: FakeConfluenceSpace[];
  /** Each request's path and query, and whether its credentials were right. */
  requests: Array<{ url: string; authorized: boolean }>;
  close(): Promise<void>;
}

export async function startFakeConfluence(options: {
  email?: string;
  apiToken?: string;
  spaces: FakeConfluenceSpace[];
  pageSize?: number;
  port?: number;
}): Promise<FakeConfluence> {
  const email = options.email ?? 'admin@acme.test';
  const apiToken = options.apiToken ?? 'confluence-api-token';
  const pageSize = options.pageSize ?? 2;
  const expected = `Basic ${Buffer.from(`${email}:${apiToken}`).toString('base64')}`;
  const requests: FakeConfluence['requests'] = [];
  let origin = '';

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const authorized = req.headers.authorization === expected;
    requests.push({ url: `${url.pathname}${url.search}`, authorized });
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET') return json(405, { statusCode: 405, message: 'Method not allowed' });
    if (!authorized)
      return json(401, {
        statusCode: 401,
        message: 'Basic authentication with passwords is deprecated or wrong',
      });

    /** One page of a list with Confluence's links; `next` keeps the query, moves `start`. */
    const page = <T>(items: T[]) => {
      const start = Number(url.searchParams.get('start') ?? 0);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), pageSize);
      const results = items.slice(start, start + limit);
      const links: Record<string, string> = { base: `${origin}/wiki`, context: '/wiki' };
      if (start + limit < items.length) {
        const next = new URLSearchParams(url.searchParams);
        next.set('start', String(start + limit));
        next.set('limit', String(limit));
        links.next = `${url.pathname.replace(/^\/wiki/, '')}?${next}`;
      }
      return { results, start, limit, size: results.length, _links: links };
    };
    const spaceJson = (space: FakeConfluenceSpace) => ({
      id: space.key.length,
      key: space.key,
      name: space.name,
      type: 'global',
      status: 'current',
      _links: { webui: `/spaces/${space.key}` },
    });

    if (url.pathname === '/wiki/rest/api/space') return json(200, page(options.spaces.map(spaceJson)));
    const one = /^\/wiki\/rest\/api\/space\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const space = options.spaces.find((item) => item.key === decodeURIComponent(one[1] ?? ''));
      return space
        ? json(200, spaceJson(space))
        : json(404, { statusCode: 404, message: 'No space with key' });
    }
    if (url.pathname === '/wiki/rest/api/content') {
      const space = options.spaces.find((item) => item.key === url.searchParams.get('spaceKey'));
      const withBody = (url.searchParams.get('expand') ?? '').split(',').includes('body.storage');
      const pages = (space?.pages ?? []).map((item) => ({
        id: item.id,
        type: 'page',
        status: 'current',
        title: item.title,
        ...(withBody ? { body: { storage: { value: item.storage, representation: 'storage' } } } : {}),
      }));
      return json(200, page(pages));
    }
    json(404, { statusCode: 404, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: origin,
    email,
    apiToken,
    spaces: options.spaces,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
