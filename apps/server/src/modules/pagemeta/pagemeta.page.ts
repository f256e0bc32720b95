import { PRODUCT_NAME } from '@coderoom/domain';
import { withRenderedRoot } from '../prerender/prerender.html.js';
import type { PrerenderService } from '../prerender/prerender.service.js';
import { injectMeta, metaTags } from './pagemeta.html.js';
import type { PageMetaService } from './pagemeta.service.js';

export interface IndexPageRequest {
  pathname: string;
  /** The query string with its `?`, or empty. */
  search: string;
  /** No session and no logged-in marker: public pages come rendered (modules/prerender). */
  isVisitor: boolean;
}

/**
 * The web app's index.html for one path, with that page's title, description and Open Graph tags, and for
 * a visitor on a public page, the page itself rendered on the server.
 */
export function createIndexPage(
  indexHtml: string,
  pageMeta: PageMetaService,
  publicUrl: string,
  prerender: PrerenderService | null,
) {
  return async ({ pathname, search, isVisitor }: IndexPageRequest): Promise<string> => {
    const [meta, page] = await Promise.all([
      pageMeta.metaFor(pathname),
      isVisitor && prerender ? prerender.pageFor(publicUrl, pathname, search) : null,
    ]);
    const html = injectMeta(indexHtml, metaTags(meta, publicUrl, PRODUCT_NAME));
    return page ? withRenderedRoot(html, page) : html;
  };
}

export type IndexPage = ReturnType<typeof createIndexPage>;
