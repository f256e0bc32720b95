import path from 'node:path';
import { build, formatMessages, type Message, type Plugin } from 'esbuild';
import { BIN_DIR, HARNESS_DIR } from '../sandbox/layout.js';
import { NODE, NODE_TEST_REPORTER, nodeFlags, parseNodeTests } from './javascript.js';
import type { HostBuild, LanguageDefinition, ProgramFiles } from './language.js';

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

/** Type errors are not checked (esbuild strips types); syntax errors are compile errors. */
export async function bundleTypeScript(program: ProgramFiles, outputName: string): Promise<HostBuild> {
  try {
    const result = await build({
      entryPoints: [program.entry],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'inline',
      logLevel: 'silent',
      plugins: [virtualFiles(program.files, program.entry)],
      // Bundled ESM has no `require`; learners' `require('fs')` keeps working through this shim.
      banner: {
        js: "import { createRequire as __coderoomRequire } from 'node:module'; const require = __coderoomRequire(import.meta.url);",
      },
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    return {
      ok: true,
      artifact: {
        files: [{ path: outputName, content: Buffer.from(code), mode: 0o444 }],
        output: await formatted(result.warnings, 'warning'),
      },
    };
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (!Array.isArray(messages)) throw error;
    return { ok: false, output: await formatted(messages, 'error') };
  }
}

export const typescript: LanguageDefinition = {
  id: 'typescript',
  label: 'TypeScript (Node.js)',
  defaultEntry: 'main.ts',
  binaries: [NODE],
  binds: () => [],
  versionArgv: [NODE, '--version'],
  env: { NODE_ENV: 'production' },
  compile: { kind: 'host', build: (program) => bundleTypeScript(program, 'main.mjs') },
  run: (context) => [NODE, ...nodeFlags(context), '--enable-source-maps', `${BIN_DIR}/main.mjs`],
  tests: {
    framework: 'node:test',
    defaultFilename: 'main.test.ts',
    compiles: false,
    plan: async ({ program, testFilename, testCode, memoryMb, version }) => {
      const files = new Map(program.files).set(testFilename, testCode);
      const bundled = await bundleTypeScript({ entry: testFilename, files }, 'main.test.mjs');
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
