import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';

const SOURCE = new URL('../boot/early-data.js', import.meta.url);
const PLACEHOLDER = '[] /* lesson chunks */';
const STYLES_PLACEHOLDER = '[] /* lesson styles */';

/**
 * Emits /early-data.js (boot/early-data.js) with the file names of the lesson page's own chunks filled in:
 * on a lesson URL that script preloads them while the app's entry is still downloading, instead of after
 * the entry has run and the router has asked for the page.
 */
export function earlyDataPlugin(): Plugin {
  const source = () => readFileSync(SOURCE, 'utf8');
  return {
    name: 'coderoom-early-data',
    configureServer(server) {
      // In development the chunks are not bundled: serve the script with nothing to preload.
      server.middlewares.use('/early-data.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(source());
      });
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rollup.OutputChunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const graphOf = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) graphOf(imported, into);
        return into;
      };
      const all = [...chunks.values()];
      const entry = all.find((chunk) => chunk.isEntry);
      const lesson = all.find((chunk) => chunk.facadeModuleId?.endsWith('/src/pages/LessonPage.tsx'));
      if (!entry || !lesson) {
        this.error('early-data: the entry or the LessonPage chunk is missing from the bundle');
      }
      const loadedByEntry = graphOf(entry.fileName);
      const lessonGraph = [...graphOf(lesson.fileName)].filter((fileName) => !loadedByEntry.has(fileName));
      // A chunk made only of CSS is dropped from the output (its styles stay, as .css files).
      const isCssOnly = (fileName: string) =>
        chunks.get(fileName)?.moduleIds.every((id) => /\.css($|\?)/.test(id)) ?? false;
      const lessonOnly = lessonGraph.filter((fileName) => !isCssOnly(fileName));
      const styles = new Set<string>();
      for (const fileName of lessonGraph) {
        for (const css of chunks.get(fileName)?.viteMetadata?.importedCss ?? []) styles.add(css);
      }
      const text = source();
      if (!text.includes(PLACEHOLDER) || !text.includes(STYLES_PLACEHOLDER)) {
        this.error('early-data: a placeholder is missing');
      }
      this.emitFile({
        type: 'asset',
        fileName: 'early-data.js',
        source: text
          .replace(PLACEHOLDER, JSON.stringify(lessonOnly.map((fileName) => `/${fileName}`)))
          .replace(STYLES_PLACEHOLDER, JSON.stringify([...styles].map((fileName) => `/${fileName}`))),
      });
    },
  };
}
