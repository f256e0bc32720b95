// The styles and code a rendered page needs, from the web build's manifest (apps/web/dist/.vite/
// manifest.json). The styles come inside the page (<style>: the CSP allows inline styles, not scripts), so
// nothing but the HTML stands between the visitor and the first paint; the page's own chunks are preloaded
// with the entry's once the page is painted.

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type WebManifest = Record<string, ManifestChunk>;

export interface PageHead {
  /** `<style>` tags for the head. */
  tags: string;
  /** The page's own chunks, preloaded once the page is painted (public/start-app.js). */
  chunks: string[];
  /** Stylesheets index.html links that are now inside the page (their `<link>` is dropped). */
  inlined: string[];
}

const ENTRY = 'index.html';

function closure(manifest: WebManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/** The head of a rendered page of `pageModule`; `readAsset` reads a built file (`assets/…`). */
export function pageHead(
  manifest: WebManifest,
  pageModule: string,
  readAsset: (file: string) => string,
): PageHead {
  if (!manifest[pageModule]) throw new Error(`the web build's manifest has no ${pageModule}`);
  const byEntry = closure(manifest, ENTRY);
  const entryCss = [...new Set([...byEntry].flatMap((key) => manifest[key]?.css ?? []))];
  const chunks = [...closure(manifest, pageModule)].filter((key) => !byEntry.has(key));
  const pageCss = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))].filter(
    (file) => !entryCss.includes(file),
  );
  // Minified CSS never holds `</style`, but a stylesheet must not be able to end its element.
  const style = (file: string) =>
    `<style data-href="/${file}">${readAsset(file).replaceAll('</style', '<\\/style')}</style>`;
  return {
    tags: [...entryCss, ...pageCss].map(style).join('\n    '),
    chunks: chunks.map((key) => `/${manifest[key]?.file}`),
    inlined: entryCss.map((file) => `/${file}`),
  };
}
