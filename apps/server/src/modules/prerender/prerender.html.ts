// Puts a page rendered on the server into the web app's index.html: the markup inside #root, and the
// queries it was rendered from as a JSON data block the browser's app starts from (apps/web/src/main.tsx).
// A data block is not a script that runs, so the strict CSP (no inline script) stays as it is.
import type { PageHead } from './prerender.assets.js';

export interface RenderedPage {
  html: string;
  state: string;
  /** The page's styles and chunks (prerender.assets.ts), for the head. */
  head: PageHead;
}

const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
export const PRERENDER_STATE_ID = 'prerendered-state';

/** JSON that cannot end the element it sits in (`</script>`) nor open a comment. */
function scriptSafe(json: string): string {
  return json.replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** index.html with the page's styles in the head, its markup in #root and its data after it. */
export function withRenderedRoot(indexHtml: string, page: RenderedPage): string {
  if (!indexHtml.includes(ROOT)) throw new Error('index.html has no empty #root to render into');
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  const rendered =
    `<div id="root" data-prerendered="">${page.html}</div>\n` +
    `    <script type="application/json" id="${PRERENDER_STATE_ID}">${scriptSafe(page.state)}</script>`;
  let html = indexHtml;
  // A stylesheet now inside the page is not asked for again.
  for (const href of page.head.inlined) {
    html = html.replace(new RegExp(`\\s*<link rel="stylesheet"[^>]*href="${escapeRegExp(href)}"[^>]*>`), '');
  }
  // The app's code is asked for once the page is painted (public/start-app.js): the page is on screen
  // already, and code fetched before the first paint would only compete with it.
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error("index.html has no module script for the app's entry");
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  html = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const chunks = [...preloads, ...page.head.chunks].filter(Boolean).join(' ');
  const start = `<script src="/start-app.js" data-entry="${entry}" data-preload="${chunks}" defer></script>`;
  return html
    .replace('</head>', () => `  ${page.head.tags}\n  </head>`)
    .replace(ROOT, () => `${rendered}\n    ${start}`);
}
