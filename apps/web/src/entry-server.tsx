import './app/zodConfig';
import { AsyncLocalStorage } from 'node:async_hooks';
import { ErrorStatus } from '@coderoom/domain';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/routes';
import { ApiError } from './modules/api/ApiError';
import { transport } from './modules/api/transport';
import { USER_INFO_KEY } from './modules/session/hooks/userInfoQuery';

/** Answers the app's GET /api/* requests on the server (the server's own routes, as a visitor). */
export type ServerApi = (path: string) => Promise<Response>;

/** A page rendered for a logged-out visitor: the markup of #root and the queries it was rendered from. */
export interface RenderedPage {
  html: string;
  /** TanStack Query's dehydrated cache as JSON; the browser starts from it (main.tsx). */
  state: string;
}

/** Renders that ask for data another render's answers made visible (a lesson after its outline). */
const MAX_PASSES = 4;

const requests = new AsyncLocalStorage<ServerApi>();
transport.fetch = (path, init) => {
  const api = requests.getStore();
  if (!api || (init.method ?? 'GET') !== 'GET') {
    return Promise.reject(new Error(`no server request for ${init.method} ${path}`));
  }
  return api(path);
};

const handler = createStaticHandler(routes);

/**
 * The page at `url` as a logged-out visitor first sees it, with every query its components ask for
 * answered: renders, fetches what the render asked for, and renders again until nothing new is asked.
 * Null when the page is not a plain answer (a redirect, a route error, a query that failed): the browser
 * then renders it as before.
 */
export async function renderPage(url: string, api: ServerApi): Promise<RenderedPage | null> {
  return requests.run(api, async () => {
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return null;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Nobody is signed in (the server renders only without a session).
    queryClient.setQueryData(USER_INFO_KEY, null);
    const router = createStaticRouter(handler.dataRoutes, context);
    const render = () =>
      renderToString(
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>,
      );
    let html = render();
    for (let pass = 1; pass < MAX_PASSES; pass += 1) {
      const asked = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && query.options.queryFn);
      if (asked.length === 0) break;
      await Promise.all(
        asked.map((query) => queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
      );
      html = render();
    }
    const queries = queryClient.getQueryCache().getAll();
    // What a visitor may not read (401) fails in the browser too, where the page shows it the same way.
    const failed = (query: (typeof queries)[number]) =>
      query.state.status !== 'success' &&
      !(query.state.error instanceof ApiError && query.state.error.status === ErrorStatus.Unauthorized);
    if (queries.some(failed)) return null;
    return { html, state: JSON.stringify(dehydrate(queryClient)) };
  });
}
