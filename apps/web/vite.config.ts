import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyDataPlugin } from './vite-plugins/earlyData';

export default defineConfig(({ isSsrBuild }) => ({
  // The server's build (entry-server.tsx → dist-ssr, rendered by apps/server modules/prerender) has no
  // browser chunks to name: early-data.js and the chunk groups are the browser's.
  plugins: isSsrBuild ? [react()] : [react(), earlyDataPlugin()],
  resolve: {
    alias: {
      '@coderoom/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)),
      '@coderoom/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: true }
    : {
        sourcemap: true,
        // Which chunks and styles each page needs, for the server's rendered pages (modules/prerender).
        manifest: true,
        rolldownOptions: {
          output: {
            // Markdown rendering is only needed where Markdown is shown without server-rendered HTML
            // (previews, overviews); keeping it apart keeps it out of every page's first download.
            advancedChunks: {
              groups: [
                { name: 'markup', test: /node_modules[\\/]marked|packages[\\/]domain[\\/]src[\\/]markup/ },
                // Zod, with the setting that must come before any schema is built (src/app/zodConfig.ts): in
                // the same chunk it runs when Zod does, before any page's contracts.
                { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]app[\\/]zodConfig/ },
                // The framework every page runs on (React, the router, queries) in one long-cached file.
                // Contracts, domain rules and the session's UI are not forced in here any more: the bundler
                // gives each page the schemas and rules it imports (the packages declare sideEffects: false),
                // so a page no longer downloads every other page's code (the old 'app' chunk was 585 kB).
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                },
              ],
            },
          },
        },
      },
}));
