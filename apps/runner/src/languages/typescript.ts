import path from 'node:path';
import { build, formatMessages, type Message, type Plugin } from 'esbuild';
import { BIN_DIR, HARNESS_DIR } from '../sandbox/layout.js';
import { NODE, NODE_TEST_REPORTER, nodeFlags, parseNodeTests } from './javascript.js';
import type { HostBuild, LanguageDefinition, ProgramFiles, RunContext } from './language.js';

const LOADERS = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.json': 'json',
} as const;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '.json', '/index.ts', '/index.js'];

/** `import { x } from './util.js'` in TypeScript means util.ts; try the source extensions in order. */
function resolveVirtual(files: Map<string, string>, importer: string, specifier: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier));
  const stem = base.replace(/\.(m|c)?js$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((extension) => stem + extension)]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/**
 * Resolves imports against the learner's in-memory files only: esbuild never touches the host filesystem,
 * and bare imports (node:fs, packages) stay imports for Node to resolve inside the sandbox.
 */
function virtualFiles(files: Map<string, string>, entry: string): Plugin {
  return {
    name: 'coderoom-virtual-files',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: entry, namespace: 'learner' };
        if (!args.path.startsWith('.')) return { path: args.path, external: true };
        const resolved = resolveVirtual(files, args.importer, args.path);
        if (resolved === null) return { errors: [{ text: `Cannot find module "${args.path}"` }] };
        return { path: resolved, namespace: 'learner' };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: 'learner' }, (args) => {
        const extension = path.posix.extname(args.path) as keyof typeof LOADERS;
        return { contents: files.get(args.path) ?? '', loader: LOADERS[extension] ?? 'ts' };
      });
    },
  };
}

async function formatted(messages: Message[], kind: 'error' | 'warning'): Promise<string> {
  if (messages.length === 0) return '';
  return (await formatMessages(messages, { kind, color: false })).join('').replaceAll('learner:', '');
}

function bundle(program: ProgramFiles, format: 'esm' | 'cjs') {
  return build({
    entryPoints: [program.entry],
    bundle: true,
    write: false,
    platform: 'node',
    format,
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'silent',
    plugins: [virtualFiles(program.files, program.entry)],
    // Bundled ESM has no `require`; learners' `require('fs')` keeps working through this shim.
    ...(format === 'esm'
      ? {
          banner: {
            js: "import { createRequire as __coderoomRequire } from 'node:module'; const require = __coderoomRequire(import.meta.url);",
          },
        }
      : {}),
  });
}

/** What CommonJS output cannot express: top-level await, import.meta. Those programs are bundled as ESM. */
function needsModule(messages: Message[]): boolean {
  return messages.some((message) => /top-level await|import\.meta/i.test(message.text));
}

/**
 * Type errors are not checked (esbuild strips types); syntax errors are compile errors. `auto` bundles as
 * CommonJS (`<name>.cjs`), which Node starts tens of ms faster than an ES module, unless the program needs
 * ES-module semantics; then, like `esm`, as `<name>.mjs`.
 */
export async function bundleTypeScript(
  program: ProgramFiles,
  outputBase: string,
  format: 'auto' | 'esm' = 'auto',
): Promise<HostBuild> {
  try {
    let result: Awaited<ReturnType<typeof bundle>> | null = null;
    if (format === 'auto') {
      try {
        const attempt = await bundle(program, 'cjs');
        if (!needsModule(attempt.warnings)) result = attempt;
      } catch (error) {
        const messages = (error as { errors?: Message[] }).errors;
        if (!Array.isArray(messages) || !needsModule(messages)) throw error;
      }
    }
    const isCommonJs = result !== null;
    result ??= await bundle(program, 'esm');
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    return {
      ok: true,
      artifact: {
        files: [
          { path: `${outputBase}.${isCommonJs ? 'cjs' : 'mjs'}`, content: Buffer.from(code), mode: 0o444 },
        ],
        output: await formatted(result.warnings, 'warning'),
      },
    };
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (!Array.isArray(messages)) throw error;
    return { ok: false, output: await formatted(messages, 'error') };
  }
}

/** The bundle's file in /box/bin (main.cjs or main.mjs, see bundleTypeScript). */
function bundledEntry(context: RunContext): string {
  const name = context.artifact?.files[0]?.path ?? 'main.mjs';
  return `${BIN_DIR}/${name}`;
}

export const typescript: LanguageDefinition = {
  id: 'typescript',
  label: 'TypeScript (Node.js)',
  defaultEntry: 'main.ts',
  binaries: [NODE],
  binds: () => [],
  versionArgv: [NODE, '--version'],
  env: { NODE_ENV: 'production' },
  compile: { kind: 'host', build: (program) => bundleTypeScript(program, 'main') },
  run: (context) => [NODE, ...nodeFlags(context, false), '--enable-source-maps', bundledEntry(context)],
  tests: {
    framework: 'node:test',
    defaultFilename: 'main.test.ts',
    compiles: false,
    plan: async ({ program, testFilename, testCode, memoryMb, version }) => {
      const files = new Map(program.files).set(testFilename, testCode);
      const bundled = await bundleTypeScript({ entry: testFilename, files }, 'main.test', 'esm');
      if (!bundled.ok) return { compileError: bundled.output };
      return {
        files: [
          ...bundled.artifact.files.map((file) => ({
            ...file,
            path: `${BIN_DIR}/${file.path}`,
            readOnly: true,
          })),
          { path: `${HARNESS_DIR}/reporter.mjs`, content: NODE_TEST_REPORTER, readOnly: true },
        ],
        argv: [
          NODE,
          ...nodeFlags({ memoryMb, version }),
          '--enable-source-maps',
          '--test',
          `--test-reporter=${HARNESS_DIR}/reporter.mjs`,
          '--test-reporter-destination=stdout',
          `${BIN_DIR}/main.test.mjs`,
        ],
      };
    },
    parse: parseNodeTests,
  },
};
