// Writes a page's title, description, canonical link and Open Graph tags into the web app's index.html,
// so crawlers and link previews that never run JavaScript see what the page is about.

export interface PageMeta {
  title: string;
  description: string;
  /** The page's own path (no query), made absolute with the public URL. */
  path: string;
  /** Open Graph type: articles for lessons and courses, website for the rest. */
  type: 'website' | 'article';
  /** Pages a search engine should not list (signed-in areas, editors, gates). */
  noindex: boolean;
}

const TITLE = /<title>[\s\S]*?<\/title>/;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The head tags for a page, one per line. */
export function metaTags(meta: PageMeta, publicUrl: string, siteName: string): string {
  const url = new URL(meta.path, publicUrl).toString();
  const tags: Array<[string, string, string]> = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', siteName],
    ['property', 'og:type', meta.type],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.noindex) tags.push(['name', 'robots', 'noindex']);
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    ...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ].join('\n    ');
}

/** index.html with its <title> replaced by the page's title and meta tags. */
export function injectMeta(indexHtml: string, tags: string): string {
  if (!TITLE.test(indexHtml)) throw new Error('index.html has no <title> to replace');
  return indexHtml.replace(TITLE, () => tags);
}
