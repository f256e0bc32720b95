import { pathToFileURL } from 'node:url';
import { createFeedCache } from '../../platform/cache/feedCache.js';
import type { Clock } from '../../platform/clock.js';
import type { ChangeFeed } from '../../platform/db/changes.js';
import { type PageHead, pageHead, type WebManifest } from './prerender.assets.js';
import type { RenderedPage } from './prerender.html.js';

// Public pages rendered on the server for logged-out visitors (docs/performance.md "First paint"): the
// web app's own components (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr) render the page with
// the answers of this server's own GET routes, as a visitor without a session gets them.

/**
 * The pages a logged-out visitor lands on from outside (landing, catalogue, course pages and lessons), with
 * the page module that draws each (apps/web/src/app/routes.tsx).
 */
const PRERENDERED: Array<{ pattern: RegExp; page: string }> = [
  { pattern: /^\/$/, page: 'src/pages/LandingPage.tsx' },
  { pattern: /^\/explore(?:\/free|\/early-access)?$/, page: 'src/pages/ExplorePage.tsx' },
  { pattern: /^\/(?:courses|paths)\/[^/]+\/[a-z0-9]{4,32}$/, page: 'src/pages/CoursePage.tsx' },
  { pattern: /^\/(?:collection|path)\/\d{1,15}\/\d{1,15}$/, page: 'src/pages/CoursePage.tsx' },
  {
    pattern: /^\/(?:collection|module)\/page\/\d{1,15}\/\d{1,15}\/\d{1,15}$/,
    page: 'src/pages/LessonPage.tsx',
  },
];

/** Rendered pages kept, least recently used out. */
const MAX_PAGES = 500;
/**
 * A kept page is rendered again after this long even without a change notice: listings on these pages
 * (popular, new) also move with things no notice names.
 */
const MAX_AGE_MS = 60_000;
/** A render slower than this is given up and the browser renders the page, as before. */
const RENDER_TIMEOUT_MS = 3_000;

type ServerApi = (path: string) => Promise<Response>;
interface ServerEntry {
  renderPage(url: string, api: ServerApi): Promise<Omit<RenderedPage, 'head'> | null>;
}

export interface PrerenderDeps {
  /** apps/web/dist-ssr/entry-server.js */
  entryPath: string;
  /** The browser build's manifest (which styles and chunks each page needs). */
  manifest: WebManifest;
  /** Reads a file of the browser build (`assets/…`). */
  readAsset: (file: string) => string;
  /** A GET of one of this server's /api routes as a visitor without cookies. */
  api: ServerApi;
  changes: Pick<ChangeFeed, 'isLive' | 'onReset' | 'on'>;
  clock: Clock;
  onError: (error: unknown, pathname: string) => void;
}

function pageModuleOf(pathname: string): string | null {
  return PRERENDERED.find(({ pattern }) => pattern.test(pathname))?.page ?? null;
}

export function createPrerenderService({
  entryPath,
  manifest,
  readAsset,
  api,
  changes,
  clock,
  onError,
}: PrerenderDeps) {
  let entry: Promise<ServerEntry> | null = null;
  const load = () => {
    entry ??= import(pathToFileURL(entryPath).href) as Promise<ServerEntry>;
    return entry;
  };
  // Published content is what these pages show: any change to a collection (publish, unpublish, early
  // access, price, learners) or a user (an author's name) drops every kept page, on every process.
  const pages = createFeedCache<string, { page: RenderedPage | null; renderedAt: number }>(changes, {
    maxEntries: MAX_PAGES,
  });
  changes.on('collection', () => pages.clear());
  changes.on('user', () => pages.clear());

  const heads = new Map<string, PageHead>();
  const headOf = (page: string) => {
    const head = heads.get(page) ?? pageHead(manifest, page, readAsset);
    heads.set(page, head);
    return head;
  };

  async function render(url: string, pageModule: string): Promise<RenderedPage | null> {
    const { renderPage } = await load();
    let timer: NodeJS.Timeout | undefined;
    // A timeout is an error, not a null: it is not kept, so the next visitor's request renders again.
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`rendering took over ${RENDER_TIMEOUT_MS} ms`)),
        RENDER_TIMEOUT_MS,
      );
    });
    try {
      const page = await Promise.race([renderPage(url, api), timeout]);
      return page && { ...page, head: headOf(pageModule) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /**
     * The page at `pathname` (and `search`) as a visitor first sees it, or null when the browser should
     * render it (not a prerendered path, the page redirects or fails, or rendering failed).
     */
    async pageFor(origin: string, pathname: string, search: string): Promise<RenderedPage | null> {
      const pageModule = pageModuleOf(pathname);
      if (!pageModule) return null;
      const url = `${origin}${pathname}${search}`;
      try {
        // Query strings (campaign tags, filters) are rendered each time, not kept.
        if (search) return await render(url, pageModule);
        const now = clock.now().getTime();
        const renderNow = async () => ({ page: await render(url, pageModule), renderedAt: now });
        let kept = await pages.get(pathname, renderNow);
        if (now - kept.renderedAt > MAX_AGE_MS) {
          pages.delete(pathname);
          kept = await pages.get(pathname, renderNow);
        }
        return kept.page;
      } catch (error) {
        onError(error, pathname);
        return null;
      }
    },
  };
}

export type PrerenderService = ReturnType<typeof createPrerenderService>;
