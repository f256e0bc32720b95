// The styles and code a page's own chunk needs, from the web build's manifest (apps/web/dist/.vite/
// manifest.json): a rendered page links its styles in the head (else it would paint unstyled until the app
// loads them) and preloads its code beside the entry's.

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type WebManifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';

function closure(manifest: WebManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/** `<link>` tags for the page module's styles and chunks that the entry does not already bring. */
export function pageHeadTags(manifest: WebManifest, pageModule: string): string {
  if (!manifest[pageModule]) throw new Error(`the web build's manifest has no ${pageModule}`);
  const byEntry = closure(manifest, ENTRY);
  const entryCss = new Set([...byEntry].flatMap((key) => manifest[key]?.css ?? []));
  const chunks = [...closure(manifest, pageModule)].filter((key) => !byEntry.has(key));
  const css = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))].filter(
    (file) => !entryCss.has(file),
  );
  return [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}" />`),
  ].join('\n    ');
}
