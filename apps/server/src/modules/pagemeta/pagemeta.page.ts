import { PRODUCT_NAME } from '@coderoom/domain';
import { injectMeta, metaTags } from './pagemeta.html.js';
import type { PageMetaService } from './pagemeta.service.js';

/** The web app's index.html for one path, with that page's title, description and Open Graph tags. */
export function createIndexPage(indexHtml: string, pageMeta: PageMetaService, publicUrl: string) {
  return async (pathname: string): Promise<string> =>
    injectMeta(indexHtml, metaTags(await pageMeta.metaFor(pathname), publicUrl, PRODUCT_NAME));
}

export type IndexPage = ReturnType<typeof createIndexPage>;
