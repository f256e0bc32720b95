import { createRequire } from 'node:module';
import { build, type Message, type Plugin } from 'esbuild';
import type { SpaFiles } from './spa.schema.js';

const require = createRequire(import.meta.url);

/** The only packages a widget's code may import; resolved from the server's own node_modules. */
const PACKAGES = new Set([
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
]);

type VirtualFile = keyof SpaFiles;

/** './App.jsx', './app', './style.css' … → the widget file they mean, if any. */
function virtualFileFor(specifier: string): VirtualFile | null {
  if (!specifier.startsWith('./')) return null;
  const name = specifier
    .slice(2)
    .replace(/\.(jsx?|tsx?|css)$/, '')
    .toLowerCase();
  if (name === 'app' || name === 'index') return name;
  if (name === 'style' || name === 'styles') return 'style';
  return null;
}

function formatMessage(message: Message): string {
  const location = message.location;
  if (!location) return message.text;
  const file = location.file.replace(/^spa:/, '');
  return `${file}:${location.line}:${location.column + 1}: ${message.text}`;
}

function virtualFiles(files: SpaFiles): Plugin {
  return {
    name: 'spa-files',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: 'index', namespace: 'spa' };
        const file = virtualFileFor(args.path);
        if (file) return { path: file, namespace: 'spa' };
        if (PACKAGES.has(args.path)) return { path: require.resolve(args.path) };
        // React's own files require their siblings (scheduler, ./cjs/…): ordinary resolution there.
        if (args.namespace === 'file') return undefined;
        return {
          errors: [
            {
              text: `Cannot import "${args.path}": a widget can import react, react-dom/client and its own files (./app, ./style.css).`,
            },
          ],
        };
      });
      builder.onLoad({ filter: /.*/, namespace: 'spa' }, (args) => {
        const file = args.path as VirtualFile;
        // The stylesheet goes into the page's <style> as written; importing it only has to succeed.
        if (file === 'style') return { contents: '', loader: 'empty' };
        return { contents: files[file], loader: 'jsx' };
      });
    },
  };
}

export type BundleResult = { ok: true; js: string } | { ok: false; message: string };

/** Bundles index → app with React into one browser script. User code never touches the file system. */
export async function bundleSpa(files: SpaFiles): Promise<BundleResult> {
  try {
    const result = await build({
      entryPoints: ['index'],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      plugins: [virtualFiles(files)],
    });
    return { ok: true, js: result.outputFiles[0]?.text ?? '' };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!Array.isArray(errors)) throw error;
    return { ok: false, message: errors.slice(0, 5).map(formatMessage).join('\n') };
  }
}
