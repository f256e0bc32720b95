import { createRequire } from 'node:module';
import type { WebpackBinFile } from '@coderoom/contracts';
import { build, type Loader, type Message, type Plugin } from 'esbuild';

const require = createRequire(import.meta.url);

/** Packages a WebpackBin's code may import besides its own files, resolved from the server's node_modules. */
const PACKAGES = new Set([
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
]);

const LOADERS: Record<string, Loader> = { js: 'jsx', mjs: 'jsx', jsx: 'jsx', ts: 'ts', tsx: 'tsx' };
const SCRIPT = /\.(js|mjs|jsx|ts|tsx)$/i;

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
export const isScript = (file: WebpackBinFile) => SCRIPT.test(file.name);
export const isStylesheet = (file: WebpackBinFile) => extensionOf(file.name) === 'css';

/** The script the page starts from: index.{js,jsx,ts,tsx}, else main.*, else the first script. */
export function entryScript(files: readonly WebpackBinFile[]): WebpackBinFile | null {
  const scripts = files.filter(isScript);
  const named = (stem: string) => scripts.find((file) => file.name.replace(SCRIPT, '') === stem);
  return named('index') ?? named('main') ?? scripts[0] ?? null;
}

/** './util', './util.js', 'util.ts' … → the widget file they mean (extension optional, as bundlers do). */
function fileFor(files: readonly WebpackBinFile[], specifier: string): WebpackBinFile | null {
  if (!specifier.startsWith('./')) return null;
  const wanted = specifier.slice(2);
  return (
    files.find((file) => file.name === wanted) ??
    files.find((file) => isScript(file) && file.name.replace(SCRIPT, '') === wanted) ??
    null
  );
}

function formatMessage(message: Message): string {
  const location = message.location;
  if (!location) return message.text;
  const file = location.file.replace(/^webpackbin:/, '');
  return `${file}:${location.line}:${location.column + 1}: ${message.text}`;
}

function widgetFiles(files: readonly WebpackBinFile[]): Plugin {
  return {
    name: 'webpackbin-files',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: 'webpackbin' };
        const file = fileFor(files, args.path);
        if (file) return { path: file.name, namespace: 'webpackbin' };
        if (PACKAGES.has(args.path)) return { path: require.resolve(args.path) };
        // React's own files require their siblings (scheduler, ./cjs/…): ordinary resolution there.
        if (args.namespace === 'file') return undefined;
        return {
          errors: [
            {
              text: `Cannot import "${args.path}": the code can import react, react-dom/client and the widget's own files (./name).`,
            },
          ],
        };
      });
      builder.onLoad({ filter: /.*/, namespace: 'webpackbin' }, (args) => {
        const file = files.find((each) => each.name === args.path);
        // Stylesheets go into the page's <head> as written; importing one only has to succeed.
        if (!file || isStylesheet(file) || extensionOf(file.name) === 'html') {
          return { contents: '', loader: 'empty' };
        }
        return { contents: file.content, loader: LOADERS[extensionOf(file.name)] ?? 'jsx' };
      });
    },
  };
}

export type WebpackBinBundle = { ok: true; js: string | null } | { ok: false; message: string };

/**
 * Bundles the widget's entry script with the files it imports (JSX and TypeScript compiled, React
 * inlined) into one browser script. User code never touches the file system. No script: nothing to build.
 */
export async function bundleWebpackBin(files: readonly WebpackBinFile[]): Promise<WebpackBinBundle> {
  const entry = entryScript(files);
  if (!entry) return { ok: true, js: null };
  try {
    const result = await build({
      entryPoints: [entry.name],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      plugins: [widgetFiles(files)],
    });
    return { ok: true, js: result.outputFiles[0]?.text ?? '' };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!Array.isArray(errors)) throw error;
    return { ok: false, message: errors.slice(0, 5).map(formatMessage).join('\n') };
  }
}
